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
  schedulesQuery,
} from '../schedules';
import { propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Reports'];

export const schedulesCalls = {
  list: call({
    ...routes.schedules.list,
    summary: "A property's scheduled reports, each with its next and last run",
    tags,
    access: propertyStaff,
    query: schedulesQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(reportSchedule),
  }),

  upsert: call({
    ...routes.schedules.upsert,
    summary:
      'Creates or changes a scheduled report (at most 20 a property). Recipients outside the business are mailed a link to confirm; nothing else goes to them until they do. Administrator or Site Owner',
    tags,
    access: propertyStaff,
    body: scheduleRequest,
    scope: { 'body.siteID': 'site', 'body.scheduleID': 'schedule' },
    result: reportSchedule,
  }),

  remove: call({
    ...routes.schedules.remove,
    summary: 'Deletes a scheduled report and its history of runs. Administrator or Site Owner',
    tags,
    access: propertyStaff,
    query: scheduleIdQuery,
    scope: { 'query.id': 'schedule' },
    result: emptyResult,
  }),

  runs: call({
    ...routes.schedules.runs,
    summary: "A scheduled report's runs, newest first (the last 100)",
    tags,
    access: propertyStaff,
    query: scheduleIdQuery,
    scope: { 'query.id': 'schedule' },
    result: z.array(scheduleRun),
  }),

  recipient: call({
    ...routes.schedules.recipient,
    summary: "An outside recipient's confirmation link: the property and the address; 404 for a wrong or expired link",
    tags,
    access: 'public',
    rateLimit: 30,
    query: recipientTokenQuery,
    result: recipientInvitation,
  }),

  confirmRecipient: call({
    ...routes.schedules.confirmRecipient,
    summary:
      "Confirms an outside recipient by its link: the property's scheduled reports are mailed to it from then on",
    tags,
    access: 'public',
    rateLimit: 30,
    body: recipientTokenBody,
    result: recipientInvitation,
  }),
};
