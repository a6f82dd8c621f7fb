import type { CountryLookup, LocationTypeLookup, StateLookup, TimeZoneLookup } from '@portal/contract';
import type { countries, locationTypes, states, timeZones } from '../../db/schema';

export const presentState = (row: typeof states.$inferSelect): StateLookup => ({
  stateID: row.id,
  stateName: row.name,
  abbreviation: row.abbreviation,
  countryID: row.countryId,
});

export const presentCountry = (row: typeof countries.$inferSelect): CountryLookup => ({
  countryID: row.id,
  countryName: row.name,
  iso2: row.iso2,
});

export const presentTimeZone = (row: typeof timeZones.$inferSelect): TimeZoneLookup => ({
  timeZone: row.name,
  displayName: row.displayName,
});

export const presentLocationType = (row: typeof locationTypes.$inferSelect): LocationTypeLookup => ({
  locationTypeId: row.id,
  locationTypeName: row.name,
});
