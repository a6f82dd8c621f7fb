import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/routes';
import deviceRoutes from './devices/routes';
import healthRoutes from './health/routes';
import locationRoutes from './locations/routes';
import meterRoutes from './meters/routes';
import stayRoutes from './stays/routes';

/** Every feature's routes, registered in this order. */
export const features: Array<(app: FastifyInstance) => Promise<void>> = [healthRoutes, authRoutes, locationRoutes, meterRoutes, deviceRoutes, stayRoutes];
