import { z } from 'zod';
import {
  dynamicExcelQuery,
  locationDescriptionOption,
  locationSearchQuery,
  reportRecords,
  reportRecordsQuery,
  reportType,
  reportsLookupQuery,
} from '../reports';
import { propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Reports'];

export const reportsCalls = {
  types: call({
    ...routes.reports.types,
    summary: 'Report types of the Property Reports dialog, by display order',
    tags,
    access: propertyStaff,
    keyScope: 'usage:read',
    query: reportsLookupQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(reportType),
  }),

  descriptions: call({
    ...routes.reports.descriptions,
    summary: 'Location descriptions of a property containing the text (the report dialog’s location search)',
    tags,
    access: propertyStaff,
    query: locationSearchQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(locationDescriptionOption),
  }),

  records: call({
    ...routes.reports.records,
    summary: 'Runs a registered report over a period given in the property’s local time',
    tags,
    access: propertyStaff,
    keyScope: 'usage:read',
    rateLimit: 60,
    query: reportRecordsQuery,
    scope: { 'query.SiteID': 'site' },
    result: reportRecords,
  }),

  excel: call({
    ...routes.reports.excel,
    summary: 'A report as an .xlsx file (Report_{start}_To_{end}.xlsx), streamed',
    tags,
    access: propertyStaff,
    keyScope: 'usage:read',
    rateLimit: 20,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    query: dynamicExcelQuery,
    scope: { 'query.SiteID': 'site' },
    result: z.null(),
  }),
};
