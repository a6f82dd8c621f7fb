import type { FastifyInstance } from 'fastify';
import alertRoutes from './alerts/routes';
import alertThresholdRoutes from './alerts/threshold-routes';
import authRoutes from './auth/routes';
import billingRoutes from './billing/routes';
import businessRoutes from './businesses/routes';
import dashboardRoutes from './dashboard/routes';
import healthRoutes from './health/routes';
import locationRoutes from './locations/routes';
import lookupRoutes from './lookups/routes';
import meterRoutes from './meters/routes';
import deviceRoutes from './devices/routes';
import stayRoutes from './stays/routes';
import siteRoutes from './sites/routes';
import userRoutes from './users/routes';
import publicMeterRoutes from './public-meter/routes';
import reportRoutes from './reports/routes';
import scheduleRoutes from './schedules/routes';
import transactionRoutes from './transactions/routes';

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
];
