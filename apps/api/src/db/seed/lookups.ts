import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as t from '../schema';
import * as data from './lookup-data';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Inserts or refreshes every lookup row; safe to run on each start. */
export async function seedLookups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const upsert = async (table: PgTable, rows: object[], key: string[], update: string[]) => {
      if (!rows.length) return;
      const set = Object.fromEntries(update.map((c) => [c, sql.raw(`excluded.${snake(c)}`)]));
      const target = key.map((k) => (table as unknown as Record<string, never>)[k]);
      await tx.insert(table).values(rows).onConflictDoUpdate({ target, set });
    };
    await upsert(t.roles, data.roleRows, ['id'], ['name']);
    await upsert(t.countries, data.countryRows, ['id'], ['name', 'iso2']);
    await upsert(t.states, data.stateRows, ['id'], ['name', 'abbreviation', 'countryId']);
    await upsert(t.timeZones, data.timeZoneRows(), ['name'], ['displayName']);
    await upsert(t.locationTypes, data.locationTypeRows, ['id'], ['name']);
    await upsert(t.deviceTypeGroups, data.deviceTypeGroupRows, ['id'], ['name']);
    await upsert(
      t.deviceTypes,
      data.deviceTypeRows,
      ['id'],
      ['name', 'displayName', 'groupId', 'unit', 'supportsResetReading', 'maxRatePerHour'],
    );
    await upsert(t.capabilities, data.capabilityRows, ['id'], ['displayName', 'capabilityType']);
    await tx.insert(t.deviceTypeCapabilities).values(data.deviceTypeCapabilityRows).onConflictDoNothing();
    await upsert(t.partners, data.partnerRows, ['id'], ['name']);
    await upsert(
      t.reportTypes,
      data.reportTypeRows,
      ['id'],
      ['name', 'columnHeaders', 'displayOrder', 'storedProcedureCalled', 'needsLocation'],
    );
  });
}
