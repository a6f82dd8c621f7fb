import type { FastifyInstance } from 'fastify';
import alertRoutes from './features/alerts/routes';
import alertThresholdRoutes from './features/alerts/threshold-routes';
import authRoutes from './features/auth/routes';
import billingRoutes from './features/billing/routes';
import businessRoutes from './features/businesses/routes';
import dashboardRoutes from './features/dashboard/routes';
import healthRoutes from './features/health/routes';
import integrationRoutes from './features/integrations/routes';
import locationRoutes from './features/locations/routes';
import lookupRoutes from './features/lookups/routes';
import meterRoutes from './features/meters/routes';
import deviceRoutes from './features/devices/routes';
import stayRoutes from './features/stays/routes';
import siteRoutes from './features/sites/routes';
import userRoutes from './features/users/routes';
import publicMeterRoutes from './features/public-meter/routes';
import reportRoutes from './features/reports/routes';
import scheduleRoutes from './features/schedules/routes';
import transactionRoutes from './features/transactions/routes';

/** Every feature's routes, registered in this order. */
export const features: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  locationRoutes,
  meterRoutes,
  deviceRoutes,
  stayRoutes,
  lookupRoutes,
  businessRoutes,
  siteRoutes,
  dashboardRoutes,
  userRoutes,
  publicMeterRoutes,
  reportRoutes,
  scheduleRoutes,
  transactionRoutes,
  billingRoutes,
  alertRoutes,
  alertThresholdRoutes,
  integrationRoutes,
];
