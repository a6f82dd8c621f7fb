import {
  type AlertDetail,
  type AlertType,
  alertKinds,
  locationPath,
  messageText,
  type Severity,
} from '@portal/contract';
import type { Mail } from '../../lib/mailer';

/** The mails are English, like the others the portal sends. */
const typeNames: Record<AlertType, string> = {
  missingMeter: 'Missing meter',
  unbilledUsage: 'Unbilled usage',
  powerOnVacant: 'Power on at a vacant location',
  commandFailed: 'Command failed',
  readingRefused: 'Reading refused',
  meterReset: 'Meter reset or replaced',
  suspectUsage: 'Suspect usage held back',
  leak: 'Leak',
  abnormalUse: 'Abnormal use',
  messagesLost: 'Messages lost by the broker',
  webhookFailing: 'Webhook endpoint failing',
};
const severityNames: Record<Severity, string> = { critical: 'Critical', warning: 'Warning', info: 'Information' };
const TIMES = new Set(['since', 'at']);

function localTime(iso: string, timeZone: string | null): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timeZone ?? 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The alert's text as the portal shows it, without the markup, its times in the property's zone. */
function alertSentence(a: AlertDetail): string {
  const params = Object.fromEntries(
    Object.entries(a.params).map(([k, v]) => [
      k,
      v === null ? '—' : TIMES.has(k) && typeof v === 'string' ? localTime(v, a.timeZone) : v,
    ]),
  );
  return messageText(alertKinds[a.kind].code, params).replace(/<\/?b>/g, '');
}

const where = (a: AlertDetail) => [a.params.site, a.params.location].filter((x) => x !== null).join(' / ');

function links(a: AlertDetail, publicUrl: string): string[] {
  if (a.siteID === null) return [`All alerts: ${publicUrl}/Alerts`];
  const location = a.params.location === null ? null : String(a.params.location);
  return [
    `The location: ${publicUrl}${locationPath(a.siteID, location)}`,
    `All alerts: ${publicUrl}/Alerts?siteID=${a.siteID}`,
  ];
}

/** One alert, mailed at once: what, where, since when, and the way to the location. */
export function alertMail(to: string, a: AlertDetail, publicUrl: string): Mail {
  const severity = severityNames[a.severity];
  return {
    to,
    subject: `${severity}: ${typeNames[a.type]}${a.siteID === null ? '' : ` at ${where(a)}`}`,
    body: [
      alertSentence(a),
      '',
      `Since: ${localTime(a.createdAt, a.timeZone)}`,
      `Type: ${typeNames[a.type]} (${severity.toLowerCase()})`,
      ...links(a, publicUrl),
      '',
      `You chose to be mailed at once of ${typeNames[a.type].toLowerCase()} alerts of this severity; change it in your profile: ${publicUrl}/profile`,
    ].join('\n'),
  };
}

/** The day's alerts of one property for one user, oldest first, each with its state now. */
export function digestMail(to: string, site: string | null, list: AlertDetail[], publicUrl: string): Mail {
  const state = (a: AlertDetail) => (a.state === 'open' ? '' : ` [${a.state}]`);
  return {
    to,
    subject: `Daily alert digest${site === null ? '' : `: ${site}`} (${list.length})`,
    body: [
      ...list.map(
        (a) => `- ${severityNames[a.severity]}, ${localTime(a.createdAt, a.timeZone)}: ${alertSentence(a)}${state(a)}`,
      ),
      '',
      `All alerts: ${publicUrl}/Alerts${list[0]?.siteID == null ? '' : `?siteID=${list[0].siteID}`}`,
      `Change what you receive in your profile: ${publicUrl}/profile`,
    ].join('\n'),
  };
}
