import { z } from 'zod';
import { emptyResult } from '../envelope';
import { reportSchedule, scheduleIdQuery, scheduleRequest, scheduleRun, schedulesQuery } from '../schedules';
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
    summary: 'Creates or changes a scheduled report. Administrator or Site Owner',
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
};
