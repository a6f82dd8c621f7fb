import { z } from 'zod';
import { emptyResult } from '../envelope';
import {
  recipientInvitation,
  recipientTokenBody,
  recipientTokenQuery,
  reportSchedule,
  scheduleIdQuery,
  scheduleRequest,
  scheduleRun,
} from '../schedules';
import { propertyStaff, siteInQuery } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Reports'], access: propertyStaff } as const;

export const schedulesCalls = featureCalls(routes.schedules, defaults, {
  list: {
    summary: "A property's scheduled reports, each with its next and last run",
    ...siteInQuery,
    result: z.array(reportSchedule),
  },

  upsert: {
    summary:
      'Creates or changes a scheduled report (at most 20 a property). Recipients outside the business are mailed a link to confirm; nothing else goes to them until they do. Administrator or Site Owner',
    body: scheduleRequest,
    scope: { 'body.siteID': 'site', 'body.scheduleID': 'schedule' },
    result: reportSchedule,
  },

  remove: {
    summary: 'Deletes a scheduled report and its history of runs. Administrator or Site Owner',
    query: scheduleIdQuery,
    scope: { 'query.id': 'schedule' },
    result: emptyResult,
  },

  runs: {
    summary: "A scheduled report's runs, newest first (the last 100)",
    query: scheduleIdQuery,
    scope: { 'query.id': 'schedule' },
    result: z.array(scheduleRun),
  },

  recipient: {
    summary: "An outside recipient's confirmation link: the property and the address; 404 for a wrong or expired link",
    access: 'public',
    rateLimit: 30,
    query: recipientTokenQuery,
    result: recipientInvitation,
  },

  confirmRecipient: {
    summary:
      "Confirms an outside recipient by its link: the property's scheduled reports are mailed to it from then on",
    access: 'public',
    rateLimit: 30,
    body: recipientTokenBody,
    result: recipientInvitation,
  },
});
