import { health } from '../health';
import { call } from './call';
import { routes } from './routes';

export const healthCalls = {
  health: call({
    ...routes.health.health,
    summary: 'Database and device gateway state',
    tags: ['Health'],
    access: 'public',
    // a load balancer's probe every few seconds fits; a flood from one address does not
    rateLimit: 120,
    result: health,
  }),
};
