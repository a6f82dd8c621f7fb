import { z } from 'zod';
import { emptyResult, idValue } from '../envelope';
import { siteIdQuery } from '../fields';
import { busEntityIdQuery, sitesLookupByUserQuery } from '../lookups';
import { Permission } from '../roles';
import {
  createSiteRequest,
  siteByIdQuery,
  siteIntegration,
  siteMonitoring,
  siteMonitoringRequest,
  sitePartner,
  siteSetting,
  siteSettingRequest,
  siteWithStats,
  sitesOfUserQuery,
  updateSiteRequest,
} from '../sites';
import { administrators, propertyStaff } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Properties'], access: propertyStaff } as const;

export const sitesCalls = featureCalls(routes.sites, defaults, {
  settings: {
    summary: "A property's rates, day start and end, and week start (the defaults until first saved)",
    query: siteByIdQuery,
    result: siteSetting,
  },

  saveSettings: {
    summary: "Save a property's settings",
    body: siteSettingRequest,
    result: siteSetting,
  },

  visible: {
    summary:
      "My Properties: the caller's live properties with location counts (the caller's scope decides; another user's userAccountID is refused)",
    keyScope: 'locations:read',
    query: sitesOfUserQuery,
    result: z.array(siteWithStats),
  },

  ofBusiness: {
    summary: 'The properties of one business with location counts (Administrator, or the Site Owner of that business)',
    query: busEntityIdQuery,
    result: z.array(siteWithStats),
  },

  create: {
    summary: 'Create a property (siteID 0) with its settings and integrations',
    idempotent: true,
    body: createSiteRequest,
    result: siteWithStats,
  },

  update: {
    summary: 'Update a property with its settings and integrations',
    body: updateSiteRequest,
    result: siteWithStats,
  },

  setMonitoring: {
    summary: 'Include a property in monitoring or exclude it (Administrator)',
    access: administrators,
    body: siteMonitoringRequest,
    result: siteMonitoring,
  },

  remove: {
    summary: 'Delete (archive) a property; refused while a location is checked in (Administrator)',
    access: administrators,
    query: siteByIdQuery,
    result: emptyResult,
  },

  lookupOfBusiness: {
    summary: 'id/value of the properties of a business that the caller sees',
    query: busEntityIdQuery,
    result: z.array(idValue),
  },

  lookupOfUser: {
    summary:
      "id/value of the properties that may be assigned to a user: a Site Owner's own business, or for an Administrator the named user's",
    access: { anyOf: [Permission.ManageUsers] },
    query: sitesLookupByUserQuery,
    result: z.array(idValue),
  },

  partners: {
    summary: 'Every integration partner, marked used when the property has it (siteID 0: a new property)',
    query: siteIdQuery,
    result: z.array(sitePartner),
  },

  integrations: {
    summary: "The property's integrations with their keys",
    query: siteIdQuery,
    result: z.array(siteIntegration),
  },
});
