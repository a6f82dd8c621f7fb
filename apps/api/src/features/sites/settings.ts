import type { SiteSetting, SiteSettingRequest } from '@portal/contract';
import { audit } from '../../access/audit';
import { ratesFromSettings } from '../billing';
import { requireManagedSite } from '../../access/site-policy';
import { presentSetting } from './presenter';
import * as queries from './queries';
import type { UserContext } from '../../access/actor';

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

export async function getSettings(ctx: UserContext, siteId: number): Promise<SiteSetting> {
  const { user } = ctx.actor;
  await requireManagedSite(ctx.db, user, siteId);
  return presentSetting(siteId, await queries.settingsOf(ctx.db, siteId));
}

export async function saveSettings(ctx: UserContext, form: SiteSettingRequest): Promise<SiteSetting> {
  const { user } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    await requireManagedSite(tx, user, form.fk_SiteID);
    const before = await queries.settingsOf(tx, form.fk_SiteID);
    const after = await queries.upsertSettings(tx, form.fk_SiteID, { ...settingValues(form), active: form.active });
    await ratesFromSettings(tx, form.fk_SiteID, after, user.userAccountId, ctx.now());
    await audit(tx, ctx.actor, {
      action: 'upsertSiteSetting',
      entityType: 'site',
      entityId: form.fk_SiteID,
      before,
      after,
    });
    return presentSetting(form.fk_SiteID, after);
  });
}
