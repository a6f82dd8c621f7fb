import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/routes';
import healthRoutes from './health/routes';

/** Every feature's routes, registered in this order. */
export const features: Array<(app: FastifyInstance) => Promise<void>> = [healthRoutes, authRoutes];
