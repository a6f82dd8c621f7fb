import { integrationKey, type SaveSiteRequest, type SiteIntegration, type SitePartner } from '@portal/contract';
import type { Tx } from '../../db/client';
import { conflict, invalid } from '../../lib/errors';
import { requireLiveSite } from '../../access/site-policy';
import { presentIntegration, presentPartner } from './presenter';
import * as queries from './queries';
import type { UserContext } from '../../access/actor';

/** The property's integrations (`api.sites.integrations`). */
export async function listIntegrations(ctx: UserContext, siteId: number): Promise<SiteIntegration[]> {
  const { user } = ctx.actor;
  await requireLiveSite(ctx.db, user, siteId);
  return (await queries.integrationsOf(ctx.db, siteId)).map(presentIntegration);
}

/** Every partner, marked `used` when the property has it; site 0 is a property not saved yet. */
export async function listPartners(ctx: UserContext, siteId: number): Promise<SitePartner[]> {
  const { user } = ctx.actor;
  if (siteId !== 0) await requireLiveSite(ctx.db, user, siteId);
  const used = siteId === 0 ? [] : await queries.integrationsOf(ctx.db, siteId);
  const usedIds = new Set(used.map((i) => i.partnerId));
  return (await queries.allPartners(ctx.db)).map((partner) => presentPartner(partner, usedIds));
}

/**
 * The integrations a saved form asks for, each with its key: the one the form gives, else
 * the one already stored (renaming a property does not break a partner's link), else
 * one derived from partner, property name and state. A key must tell this property
 * apart from every other live property of the same partner.
 */
export async function resolveIntegrations(
  tx: Tx,
  siteId: number,
  form: Pick<SaveSiteRequest, 'integrations' | 'sitePublicName'>,
  stateAbbreviation: string,
): Promise<Array<{ partnerId: number; key: string }>> {
  const partners = await queries.allPartners(tx);
  const stored = siteId ? await queries.integrationsOf(tx, siteId) : [];
  const resolved: Array<{ partnerId: number; key: string }> = [];
  for (const [index, wanted] of form.integrations.entries()) {
    const partner = partners.find((p) => p.id === wanted.partnerID);
    if (!partner) throw invalid('fieldNotValid', `integrations.${index}.partnerID`);
    const key =
      wanted.propertyKey ??
      stored.find((s) => s.partnerId === partner.id)?.key ??
      integrationKey(partner.name, form.sitePublicName, stateAbbreviation);
    if (await queries.integrationKeyTaken(tx, partner.id, key, siteId))
      throw conflict('integrationKeyTaken', `integrations.${index}.propertyKey`);
    resolved.push({ partnerId: partner.id, key });
  }
  return resolved;
}
