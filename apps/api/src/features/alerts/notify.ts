import { ALERT_KINDS, alertKinds, DEFAULT_DELIVERY, Role } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { groupBy } from '../../lib/group';
import { queueMails } from '../../lib/mailer';
import { accountSeesSite } from '../../access/scope';
import { alertMail, digestMail } from './mail';
import { presentAlert } from './presenter';
import { alertsByIds } from './queries';
import { queueAlertEvents } from './webhook-events';

/** A user is mailed of the same kind of alert at the same meter once in this time; repeats wait for the digest. */
export const REPEAT_HOURS = 6;
/** At most this many alerts are mailed to a user one by one in an hour; the rest wait for the digest. */
const MAILS_PER_HOUR = 20;
/** Digests leave at this local hour of the alert's property, listing what was raised in the 24 hours before. */
const DIGEST_HOUR = 7;

/** Each kind's type, severity and default delivery, as a table for the statement. */
const kindTable = JSON.stringify(
  ALERT_KINDS.map((kind) => ({
    kind,
    type: alertKinds[kind].type,
    severity: alertKinds[kind].severity,
    fallback: DEFAULT_DELIVERY[alertKinds[kind].severity],
  })),
);

type Told = { alert_id: number; user_account_id: number; email: string };

/**
 * Hands new alerts to the users who see their property, by each user's choice for the alert's
 * type and severity: a mail now, a place in the daily digest, or nothing. An alert is claimed
 * once (whatever number of instances run this), each user is told of it once, and its mails
 * are queued in the same transaction, so none is lost or sent twice.
 */
export async function notifyAlerts(deps: Deps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const claimed = await rows<{ id: number }>(
      tx,
      sql`
      update system_alerts set notified_at = ${now}
      where id in (select id from system_alerts where notified_at is null order by created_at, id limit 200 for update skip locked)
      returning id`,
    );
    if (!claimed.length) return 0;
    await queueAlertEvents(
      tx,
      'alert.opened',
      claimed.map((c) => c.id),
      now,
    );
    const ids = `{${claimed.map((c) => c.id).join(',')}}`;
    const mailNow = await rows<Told>(
      tx,
      sql`
      with k as (
        select * from jsonb_to_recordset(${kindTable}::jsonb) as k(kind text, type text, severity text, fallback text)
      ), fresh as (
        select a.id, a.kind, a.service_point_id, a.site_id, s.bus_entity_id, k.type, k.severity, k.fallback
        from system_alerts a join k on k.kind = a.kind
        left join sites s on s.id = a.site_id and s.deleted_at is null
        where a.id = any(${ids}::int[]) and (a.site_id is null or s.id is not null)
      ), chosen as (
        select f.id as alert_id, f.kind, f.service_point_id, u.id as user_account_id,
          coalesce(p.delivery, f.fallback) as delivery
        from fresh f
        join user_accounts u on u.active and (
          -- an alert of no property: the Administrators
          case when f.site_id is null then u.role_id = ${Role.Administrator}
            else ${accountSeesSite(sql`f.site_id`, sql`f.bus_entity_id`)} end)
        left join notification_preferences p on p.user_account_id = u.id and p.alert_type = f.type and p.severity = f.severity
      ), sent as (
        -- what each user was mailed one by one within the repeat window
        select n.user_account_id, n.created_at, a.kind, a.service_point_id
        from alert_notifications n join system_alerts a on a.id = n.alert_id
        where n.delivery = 'now' and n.created_at > ${now}::timestamptz - ${REPEAT_HOURS} * interval '1 hour'
      ), repeats as (
        select distinct user_account_id, kind, service_point_id from sent
      ), hourly as (
        select user_account_id, count(*) as n from sent
        where created_at > ${now}::timestamptz - interval '1 hour' group by user_account_id
      ), ranked as (
        select c.*,
          r.user_account_id is not null
            or row_number() over (partition by c.user_account_id, c.kind, c.service_point_id order by c.alert_id) > 1
            as repeat,
          coalesce(h.n, 0) + row_number() over (partition by c.user_account_id, c.delivery order by c.alert_id)
            > ${MAILS_PER_HOUR} as over_cap
        from chosen c
        left join repeats r on r.user_account_id = c.user_account_id and r.kind = c.kind
          and r.service_point_id is not distinct from c.service_point_id
        left join hourly h on h.user_account_id = c.user_account_id
        where c.delivery <> 'none'
      ), told as (
        insert into alert_notifications (alert_id, user_account_id, delivery, created_at, mailed_at)
        select alert_id, user_account_id, d.delivery, ${now}, case when d.delivery = 'now' then ${now}::timestamptz end
        from ranked r
        cross join lateral (
          select case when r.delivery = 'now' and not r.repeat and not r.over_cap then 'now' else 'digest' end as delivery
        ) d
        on conflict do nothing
        returning alert_id, user_account_id, delivery
      )
      select t.alert_id, t.user_account_id, u.email
      from told t join user_accounts u on u.id = t.user_account_id
      where t.delivery = 'now'`,
    );
    await queueAlertMails(deps, tx, mailNow);
    return claimed.length;
  });
}

async function queueAlertMails(deps: Deps, tx: Tx, told: Told[]): Promise<void> {
  if (!told.length) return;
  const alerts = new Map(
    (await alertsByIds(tx, [...new Set(told.map((t) => t.alert_id))])).map((r) => [r.id, presentAlert(r)]),
  );
  await queueMails(
    tx,
    told.map((t) => alertMail(t.email, alerts.get(t.alert_id)!, deps.config.publicUrl)),
    deps.now(),
  );
}

/**
 * Mails each user, for each property, the alerts waiting for the digest that were raised before
 * today's DIGEST_HOUR local to the property, once that hour has come: one mail a user and
 * property a day. Claimed row by row, so instances running it at once mail each alert once.
 */
export async function sendDigests(deps: Deps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await rows<{ alert_id: number; user_account_id: number; email: string; site_id: number | null }>(
      tx,
      sql`
      with due as (
        select n.alert_id, n.user_account_id
        from alert_notifications n
        join system_alerts a on a.id = n.alert_id
        left join sites s on s.id = a.site_id
        cross join lateral (
          select (date_trunc('day', ${now}::timestamptz at time zone coalesce(s.time_zone, 'UTC')) + ${DIGEST_HOUR} * interval '1 hour')
            at time zone coalesce(s.time_zone, 'UTC') as cutoff
        ) c
        where n.mailed_at is null and n.delivery = 'digest' and a.created_at < c.cutoff and ${now} >= c.cutoff
        order by n.user_account_id, n.alert_id
        limit 2000
        for update of n skip locked
      ), sent as (
        update alert_notifications n set mailed_at = ${now}
        from due where n.alert_id = due.alert_id and n.user_account_id = due.user_account_id
        returning n.alert_id, n.user_account_id
      )
      select sent.alert_id, sent.user_account_id, u.email, a.site_id
      from sent join user_accounts u on u.id = sent.user_account_id join system_alerts a on a.id = sent.alert_id`,
    );
    if (!due.length) return 0;
    const alerts = new Map(
      (await alertsByIds(tx, [...new Set(due.map((d) => d.alert_id))])).map((r) => [r.id, presentAlert(r)]),
    );
    const digests = groupBy(due, (d) => `${d.user_account_id}/${d.site_id ?? ''}`);
    const mails = [...digests.values()].map((list) => {
      const shown = list.map((d) => alerts.get(d.alert_id)!).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      return digestMail(list[0]!.email, (shown[0]!.params.site as string | null) ?? null, shown, deps.config.publicUrl);
    });
    await queueMails(tx, mails, now);
    return digests.size;
  });
}
