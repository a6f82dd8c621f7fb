import { sql, type SQL } from 'drizzle-orm';
import { normalDecimal, type AlertThresholds } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { audit } from '../../access/audit';
import type { SiteRef } from '../../access/scope';
import { requireManagedSite } from '../../access/site-policy';
import type { UserContext } from '../../access/actor';

type Threshold = Exclude<keyof AlertThresholds, 'siteID'>;

/**
 * The site_settings columns of the detection rules' thresholds and the column defaults
 * (migration 0018), which hold for a property without a settings row. A test checks the
 * defaults against the table's.
 */
export const THRESHOLDS: Record<Threshold, { column: string; fallback: string }> = {
  leakGallonsPerHour: { column: 'leak_gallons_per_hour', fallback: '1' },
  leakHours: { column: 'leak_hours', fallback: '24' },
  nightFlowGallons: { column: 'night_flow_gallons', fallback: '5' },
  abnormalMultiple: { column: 'abnormal_multiple', fallback: '3' },
  vacantKwhPerHour: { column: 'vacant_kwh_per_hour', fallback: '1' },
  unbilledKwhPerDay: { column: 'unbilled_kwh_per_day', fallback: '3' },
  unbilledGallonsPerDay: { column: 'unbilled_gallons_per_day', fallback: '50' },
};
const NAMES = Object.keys(THRESHOLDS) as Threshold[];

/** One threshold of the property whose settings row is aliased `ss` (left joined): its value or the default. */
export function threshold(name: Threshold, alias = 'ss'): SQL {
  const { column, fallback } = THRESHOLDS[name];
  return sql`coalesce(${sql.identifier(alias)}.${sql.identifier(column)}, ${sql.raw(fallback)})`;
}

type Row = Record<Threshold, string | number>;

async function thresholdsOf(q: Queryable, siteId: number): Promise<AlertThresholds> {
  const [row] = await rows<Row>(
    q,
    sql`select ${sql.join(
      NAMES.map((n) => sql`${threshold(n)}::text as ${sql.identifier(n)}`),
      sql`, `,
    )} from sites s left join site_settings ss on ss.site_id = s.id where s.id = ${siteId}`,
  );
  return present(siteId, row!);
}

function present(siteId: number, row: Row): AlertThresholds {
  const out = { siteID: siteId } as AlertThresholds;
  for (const n of NAMES) out[n] = Number(normalDecimal(String(row[n])));
  return out;
}

export function readThresholds(deps: Deps, site: SiteRef): Promise<AlertThresholds> {
  return thresholdsOf(deps.db, site.siteId);
}

/** Sets a property's thresholds (an Administrator or its Site Owner), keeping its other settings. */
export async function saveThresholds(
  ctx: UserContext,
  site: SiteRef,
  input: Omit<AlertThresholds, 'siteID'>,
): Promise<AlertThresholds> {
  const { user } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    await requireManagedSite(tx, user, site.siteId);
    const before = await thresholdsOf(tx, site.siteId);
    const columns = NAMES.map((n) => sql.identifier(THRESHOLDS[n].column));
    const values = NAMES.map((n) => sql`${String(input[n])}::numeric`);
    await tx.execute(sql`
      insert into site_settings (site_id, ${sql.join(columns, sql`, `)})
      values (${site.siteId}, ${sql.join(values, sql`, `)})
      on conflict (site_id) do update set ${sql.join(
        columns.map((c) => sql`${c} = excluded.${c}`),
        sql`, `,
      )}`);
    const after = await thresholdsOf(tx, site.siteId);
    await audit(tx, ctx.actor, {
      action: 'updateAlertThresholds',
      entityType: 'site',
      entityId: site.siteId,
      before,
      after,
    });
    return after;
  });
}
