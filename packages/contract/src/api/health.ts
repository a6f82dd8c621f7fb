import { health } from '../health';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Health'], access: 'public' } as const;

export const healthCalls = featureCalls(routes.health, defaults, {
  health: {
    summary: 'Database and device gateway state',
    // a load balancer's probe every few seconds fits; a flood from one address does not
    rateLimit: 120,
    result: health,
  },
});
