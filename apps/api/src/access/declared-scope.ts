import type { ScopeDeclaration, ScopeKind } from '@portal/contract';
import type { Queryable } from '../db/client';
import type { Principal } from './principal';
import {
  requireAlerts,
  requireApiKeys,
  requireBusinesses,
  requireDeliveries,
  requireWebhooks,
  requireLocations,
  requireSchedules,
  requireServicePoints,
  requireSites,
  requireStays,
  type AlertRef,
  type ApiKeyRef,
  type BusinessRef,
  type DeliveryRef,
  type WebhookRef,
  type LocationRef,
  type ScheduleRef,
  type ServicePointRef,
  type SiteRef,
  type StayRef,
} from './scope';

type RefOf<K extends ScopeKind> = K extends 'business'
  ? BusinessRef
  : K extends 'apiKey'
    ? ApiKeyRef
    : K extends 'webhook'
      ? WebhookRef
      : K extends 'webhookDelivery'
        ? DeliveryRef
        : K extends 'site'
          ? SiteRef
          : K extends 'location'
            ? LocationRef
            : K extends 'stay'
              ? StayRef
              : K extends 'alert'
                ? AlertRef
                : K extends 'schedule'
                  ? ScheduleRef
                  : ServicePointRef;

/** What the handler gets: a ref for each declared path (a list for a `*` path; absent when the input left it out). */
export type Resolved<S extends ScopeDeclaration | undefined> = S extends ScopeDeclaration
  ? { [P in keyof S]: P extends `${string}.*.${string}` | `${string}.*` ? Array<RefOf<S[P]>> : RefOf<S[P]> }
  : Record<string, never>;

type Input = { query: unknown; body: unknown; params: unknown };

/** The ids at a path of the input: one, or one per entry of a list (`*`); none when left out. */
function idsAt(input: Input, path: string): { list: boolean; ids: number[] } {
  const [root, ...rest] = path.split('.') as [keyof Input, ...string[]];
  let values: unknown[] = [input[root]];
  let list = false;
  for (const key of rest) {
    if (key === '*') {
      list = true;
      values = values.flatMap((v) => (Array.isArray(v) ? v : []));
    } else {
      values = values.map((v) =>
        v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined,
      );
    }
  }
  return { list, ids: values.filter((v): v is number => typeof v === 'number') };
}

async function refsOf(q: Queryable, user: Principal, kind: ScopeKind, ids: number[]) {
  switch (kind) {
    case 'business':
      return (await requireBusinesses(q, user, ids)).map((ref) => ({ id: ref.busEntityId, ref }));
    case 'apiKey':
      return (await requireApiKeys(q, user, ids)).map((ref) => ({ id: ref.apiKeyId, ref }));
    case 'webhook':
      return (await requireWebhooks(q, user, ids)).map((ref) => ({ id: ref.webhookId, ref }));
    case 'webhookDelivery':
      return (await requireDeliveries(q, user, ids)).map((ref) => ({ id: ref.deliveryId, ref }));
    case 'site':
      return (await requireSites(q, user, ids)).map((ref) => ({ id: ref.siteId, ref }));
    case 'location':
      return (await requireLocations(q, user, ids)).map((ref) => ({ id: ref.locationId, ref }));
    case 'stay':
      return (await requireStays(q, user, ids)).map((ref) => ({ id: ref.stayId, ref }));
    case 'meter':
      return (await requireServicePoints(q, user, ids)).map((ref) => ({ id: ref.servicePointId, ref }));
    case 'alert':
      return (await requireAlerts(q, user, ids)).map((ref) => ({ id: ref.alertId, ref }));
    case 'schedule':
      return (await requireSchedules(q, user, ids)).map((ref) => ({ id: ref.scheduleId, ref }));
  }
}

/**
 * Checks every id the declaration names against the caller's scope, one query a path; refuses
 * (403, or 404 for an Administrator) when any is outside it.
 */
export async function resolveDeclaredScope(
  q: Queryable,
  user: Principal,
  declaration: ScopeDeclaration,
  input: Input,
): Promise<Record<string, unknown>> {
  const resolved: Record<string, unknown> = {};
  for (const [path, kind] of Object.entries(declaration)) {
    const { list, ids } = idsAt(input, path);
    if (!ids.length) {
      if (list) resolved[path] = [];
      continue;
    }
    const wanted = [...new Set(ids)];
    const found = await refsOf(q, user, kind, wanted);
    const refs = new Map(found.map((f) => [f.id, f.ref]));
    resolved[path] = list ? ids.map((id) => refs.get(id)) : refs.get(ids[0]!);
  }
  return resolved;
}
