import { locationIdQuery, siteIdQuery } from '../fields';
import { Permission } from '../roles';

/** Access rules shared by the property-side calls (role permissions of access section 6). */
export const propertyStaff = { anyOf: [Permission.AdminPanel, Permission.ManageProperties] } as const;
export const administrators = { anyOf: [Permission.AdminPanel] } as const;

/** The input of a call about one property of the caller's: its siteID in the query, checked against the caller's scope. */
export const siteInQuery = { query: siteIdQuery, scope: { 'query.siteID': 'site' } } as const;
/** The input of a call about one location of the caller's: its locationID in the query, checked against the caller's scope. */
export const locationInQuery = { query: locationIdQuery, scope: { 'query.locationID': 'location' } } as const;
