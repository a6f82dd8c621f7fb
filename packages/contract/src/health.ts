import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  devices: z.object({ ok: z.boolean(), kind: z.enum(['simulated', 'mqtt']), detail: z.string() }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof health>;
