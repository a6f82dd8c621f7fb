import type { ScheduleFrequency } from '@portal/contract';
import type { Mail } from '../../lib/mailer';

/** The words of a scheduled report's mail, in one place (the portal's mails are in English). */
const every: Record<ScheduleFrequency, string> = { daily: 'daily', weekly: 'weekly', monthly: 'monthly' };

export type ReportMailFacts = {
  reportName: string;
  siteName: string;
  frequency: ScheduleFrequency;
  timeZone: string;
  /** The period's first and last local days, 'YYYY-MM-DD'. */
  firstDay: string;
  lastDay: string;
  rows: number;
  fileName: string;
};

function periodText(firstDay: string, lastDay: string): string {
  return firstDay === lastDay ? firstDay : `${firstDay} to ${lastDay}`;
}

export function reportTitle(f: Pick<ReportMailFacts, 'siteName' | 'reportName' | 'firstDay' | 'lastDay'>): string {
  return `${f.siteName} - ${f.reportName} - ${periodText(f.firstDay, f.lastDay)}`;
}

export function scheduledReportMail(f: ReportMailFacts): Omit<Mail, 'to' | 'attachments'> {
  const period = periodText(f.firstDay, f.lastDay);
  return {
    subject: `${f.reportName} - ${f.siteName} - ${period}`,
    body: [
      `The ${every[f.frequency]} report "${f.reportName}" of ${f.siteName} for ${period} is attached (${f.fileName}, ${f.rows} ${f.rows === 1 ? 'row' : 'rows'}).`,
      `Days and times are those of the property (${f.timeZone}).`,
      '',
      'You receive this mail because you are a recipient of a scheduled report. An Administrator or Site Owner can change or stop it under Scheduled Reports in the menu of the property.',
    ].join('\n'),
  };
}

/** The mail asking an outside address to confirm before any report is mailed to it. */
export function confirmationMail(f: {
  siteName: string;
  businessName: string;
  reportName: string;
  email: string;
  link: string;
  days: number;
}): Omit<Mail, 'to' | 'attachments'> {
  return {
    subject: `Confirm: scheduled reports of ${f.siteName}`,
    body: [
      `${f.businessName} named ${f.email} as a recipient of the scheduled report "${f.reportName}" of ${f.siteName}.`,
      '',
      'Nothing is mailed to this address until you confirm. To receive the reports, open this link and confirm:',
      f.link,
      '',
      `The link works for ${f.days} days. If you do not expect these reports, ignore this mail: nothing more will be sent.`,
    ].join('\n'),
  };
}
