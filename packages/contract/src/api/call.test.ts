import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { administrators, propertyStaff } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Public meter'], access: propertyStaff } as const;
const entry = {
  summary: 'A call',
  result: z.null(),
};

describe('featureCalls', () => {
  it("completes each route with the feature's tags and access and the call's own fields", () => {
    const calls = featureCalls(routes.publicMeter, defaults, {
      lookUp: { ...entry, rateLimit: 30 },
      host: { ...entry, access: administrators },
    });
    expect(calls).toEqual({
      lookUp: { ...routes.publicMeter.lookUp, tags: ['Public meter'], access: propertyStaff, ...entry, rateLimit: 30 },
      host: { ...routes.publicMeter.host, tags: ['Public meter'], access: administrators, ...entry },
    });
    // each keeps its literal types, as `call` does
    const given: typeof propertyStaff = calls.lookUp.access;
    const own: typeof administrators = calls.host.access;
    expect([given, own]).toEqual([propertyStaff, administrators]);
  });

  it('refuses a name that is not a route, a field that is not a call’s, and a route left out (types only)', () => {
    featureCalls(routes.publicMeter, defaults, {
      lookUp: entry,
      host: entry,
      // @ts-expect-error: no route of publicMeter is called so
      hots: entry,
    });
    featureCalls(routes.publicMeter, defaults, {
      lookUp: entry,
      // @ts-expect-error: a call has no `idempotant`
      host: { ...entry, idempotant: true },
    });
    // @ts-expect-error: host has no entry
    featureCalls(routes.publicMeter, defaults, { lookUp: entry });
    // @ts-expect-error: without the feature's access, each call gives its own
    featureCalls(routes.publicMeter, { tags: ['Public meter'] }, { lookUp: entry, host: entry });
  });
});
