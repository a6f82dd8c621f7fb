import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  devices: z.object({
    ok: z.boolean(),
    kind: z.enum(['simulated', 'mqtt']),
    detail: z.string(),
    /**
     * The broker's count of messages it dropped (its queues full) as the portal last counted it,
     * and when it was read; null before any was read (docs/deployment.md).
     */
    brokerDropped: z.object({ count: z.number(), at: z.string() }).nullable(),
  }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof health>;
