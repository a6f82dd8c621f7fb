import { z } from 'zod';
import { emptyResult, idValue } from '../envelope';
import { siteIdQuery } from '../locations';
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
import { call } from './call';
import { routes } from './routes';

const tags = ['Properties'];

export const sitesCalls = {
  settings: call({
    ...routes.sites.settings,
    summary: "A property's rates, day start and end, and week start (the defaults until first saved)",
    tags,
    access: propertyStaff,
    query: siteByIdQuery,
    result: siteSetting,
  }),

  saveSettings: call({
    ...routes.sites.saveSettings,
    summary: "Save a property's settings",
    tags,
    access: propertyStaff,
    body: siteSettingRequest,
    result: siteSetting,
  }),

  visible: call({
    ...routes.sites.visible,
    summary:
      "My Properties: the caller's live properties with location counts (the caller's scope decides; another user's userAccountID is refused)",
    tags,
    access: propertyStaff,
    keyScope: 'locations:read',
    query: sitesOfUserQuery,
    result: z.array(siteWithStats),
  }),

  ofBusiness: call({
    ...routes.sites.ofBusiness,
    summary: 'The properties of one business with location counts (Administrator, or the Site Owner of that business)',
    tags,
    access: propertyStaff,
    query: busEntityIdQuery,
    result: z.array(siteWithStats),
  }),

  create: call({
    ...routes.sites.create,
    summary: 'Create a property (siteID 0) with its settings and integrations',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: createSiteRequest,
    result: siteWithStats,
  }),

  update: call({
    ...routes.sites.update,
    summary: 'Update a property with its settings and integrations',
    tags,
    access: propertyStaff,
    body: updateSiteRequest,
    result: siteWithStats,
  }),

  setMonitoring: call({
    ...routes.sites.setMonitoring,
    summary: 'Include a property in monitoring or exclude it (Administrator)',
    tags,
    access: administrators,
    body: siteMonitoringRequest,
    result: siteMonitoring,
  }),

  remove: call({
    ...routes.sites.remove,
    summary: 'Delete (archive) a property; refused while a location is checked in (Administrator)',
    tags,
    access: administrators,
    query: siteByIdQuery,
    result: emptyResult,
  }),

  lookupOfBusiness: call({
    ...routes.sites.lookupOfBusiness,
    summary: 'id/value of the properties of a business that the caller sees',
    tags,
    access: propertyStaff,
    query: busEntityIdQuery,
    result: z.array(idValue),
  }),

  lookupOfUser: call({
    ...routes.sites.lookupOfUser,
    summary:
      "id/value of the properties that may be assigned to a user: a Site Owner's own business, or for an Administrator the named user's",
    tags,
    access: { anyOf: [Permission.ManageUsers] },
    query: sitesLookupByUserQuery,
    result: z.array(idValue),
  }),

  partners: call({
    ...routes.sites.partners,
    summary: 'Every integration partner, marked used when the property has it (siteID 0: a new property)',
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    result: z.array(sitePartner),
  }),

  integrations: call({
    ...routes.sites.integrations,
    summary: "The property's integrations with their keys",
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    result: z.array(siteIntegration),
  }),
};
