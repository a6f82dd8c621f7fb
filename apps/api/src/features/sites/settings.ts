import type { FastifyRequest } from 'fastify';
import type { SiteSetting, SiteSettingRequest } from '@portal/contract';
import type { Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { ratesFromSettings } from '../billing/service';
import type { Principal } from '../auth/principal';
import { requireManagedSite } from './policy';
import { presentSetting } from './presenter';
import * as queries from './queries';

type SettingFields = Pick<SiteSettingRequest, 'weekStart' | 'billingRate' | 'waterBillingRate' | 'dayStart' | 'dayEnd'>;

/** The columns of validated settings; rates go to numeric(12,2) as text, exactly. */
export function settingValues(form: SettingFields) {
  return {
    weekStart: form.weekStart,
    billingRate: form.billingRate.toFixed(2),
    waterBillingRate: form.waterBillingRate.toFixed(2),
    dayStart: form.dayStart,
    dayEnd: form.dayEnd,
  };
}

export async function getSettings(deps: Deps, user: Principal, siteId: number): Promise<SiteSetting> {
  await requireManagedSite(deps.db, user, siteId);
  return presentSetting(siteId, await queries.settingsOf(deps.db, siteId));
}

export async function saveSettings(
  deps: Deps,
  req: FastifyRequest,
  user: Principal,
  form: SiteSettingRequest,
): Promise<SiteSetting> {
  return deps.db.transaction(async (tx) => {
    await requireManagedSite(tx, user, form.fk_SiteID);
    const before = await queries.settingsOf(tx, form.fk_SiteID);
    const after = await queries.upsertSettings(tx, form.fk_SiteID, { ...settingValues(form), active: form.active });
    await ratesFromSettings(tx, form.fk_SiteID, after, user.userAccountId, deps.now());
    await audit(tx, req, { action: 'upsertSiteSetting', entityType: 'site', entityId: form.fk_SiteID, before, after });
    return presentSetting(form.fk_SiteID, after);
  });
}
