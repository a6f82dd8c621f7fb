// @vitest-environment happy-dom
import { api, Role, type SiteWithStats } from '@portal/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../lib/client';
import { mockApi } from '../../test/api';
import { cacheOf } from '../../test/queries';
import { signInAs } from '../../test/render';
import { useDeleteSite, useSiteMonitoring } from './hooks';

const property = (siteID: number) => ({ siteID, excludeFromMonitoring: false }) as SiteWithStats;

/** The queries about properties and businesses, and two that are about neither. */
function cache() {
  const queries = {
    'my properties': queryOf(api.sites.visible),
    'properties of business 3': queryOf(api.sites.ofBusiness, { query: { busEntityID: 3 } }),
    'settings of property 1': queryOf(api.sites.settings, { query: { id: 1 } }),
    'partners of property 1': queryOf(api.sites.partners, { query: { siteID: 1 } }),
    'properties lookup of business 3': queryOf(api.sites.lookupOfBusiness, { query: { busEntityID: 3 } }),
    'businesses with properties': queryOf(api.businesses.withProperties, { query: { keyword: '' } }),
    'business lookup': queryOf(api.businesses.lookup),
    'locations of property 1': queryOf(api.locations.table, { query: { siteID: 1 } }),
    users: queryOf(api.users.list),
  };
  const cache = cacheOf(queries);
  cache.queryClient.setQueryData(queries['my properties'].queryKey, [property(1), property(2)]);
  cache.queryClient.setQueryData(queries['properties of business 3'].queryKey, [property(1)]);
  cache.queryClient.setQueryData(queries['settings of property 1'].queryKey, { fk_SiteID: 1 });
  const data = (name: keyof typeof queries) => cache.queryClient.getQueryData(queries[name].queryKey);
  return { ...cache, data };
}

const aboutProperties = [
  'business lookup',
  'businesses with properties',
  'my properties',
  'partners of property 1',
  'properties lookup of business 3',
  'properties of business 3',
  'settings of property 1',
];

describe("what the properties' changes reload", () => {
  it('monitoring: written into every cached list at once, then every query about properties and businesses', async () => {
    signInAs(Role.SiteOwner);
    mockApi({ 'PUT Site/UpdateSiteMonitoring': { siteID: 1, excludeFromMonitoring: true } });
    const { wrapper, invalidated, data } = cache();
    const { result } = renderHook(useSiteMonitoring, { wrapper });
    await result.current.mutateAsync({ siteID: 1, excludeFromMonitoring: true });

    expect(data('my properties')).toEqual([{ siteID: 1, excludeFromMonitoring: true }, property(2)]);
    expect(data('properties of business 3')).toEqual([{ siteID: 1, excludeFromMonitoring: true }]);
    expect(data('settings of property 1')).toEqual({ fk_SiteID: 1 });
    expect(invalidated()).toEqual(aboutProperties);
  });

  it('a deletion: every query about properties and businesses, not the locations or the users', async () => {
    signInAs(Role.SiteOwner);
    mockApi({ 'DELETE site/DeleteSite': null });
    const { wrapper, invalidated } = cache();
    const { result } = renderHook(useDeleteSite, { wrapper });
    await result.current.mutateAsync(1);
    expect(invalidated()).toEqual(aboutProperties);
  });
});
