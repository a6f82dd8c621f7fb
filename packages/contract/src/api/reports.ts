import { z } from 'zod';
import {
  dynamicExcelQuery,
  locationDescriptionOption,
  locationSearchQuery,
  reportRecords,
  reportRecordsQuery,
  reportType,
} from '../reports';
import { propertyStaff, siteInQuery } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Reports'], access: propertyStaff } as const;

export const reportsCalls = featureCalls(routes.reports, defaults, {
  types: {
    summary: 'Report types of the Property Reports dialog, by display order',
    keyScope: 'usage:read',
    ...siteInQuery,
    result: z.array(reportType),
  },

  descriptions: {
    summary: 'Location descriptions of a property containing the text (the report dialog’s location search)',
    query: locationSearchQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(locationDescriptionOption),
  },

  records: {
    summary: 'Runs a registered report over a period given in the property’s local time',
    keyScope: 'usage:read',
    rateLimit: 60,
    query: reportRecordsQuery,
    scope: { 'query.SiteID': 'site' },
    result: reportRecords,
  },

  excel: {
    summary: 'A report as an .xlsx file (Report_{start}_To_{end}.xlsx), streamed',
    keyScope: 'usage:read',
    rateLimit: 20,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    query: dynamicExcelQuery,
    scope: { 'query.SiteID': 'site' },
    result: z.null(),
  },
});
