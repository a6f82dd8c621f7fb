// @vitest-environment happy-dom
import { api, Role } from '@portal/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../lib/client';
import { mockApi } from '../../test/api';
import { cacheOf } from '../../test/queries';
import { signInAs } from '../../test/render';
import { useSaveBusiness } from './hooks';

describe("what a business's change reloads", () => {
  it('a new business: the accordion, the business lookup of every form and the properties, not the users', async () => {
    signInAs(Role.Administrator);
    const server = mockApi({ 'POST Business/CreateBusEntity': { busEntityID: 9, legalName: 'Pine Lake LLC' } });
    const { wrapper, invalidated } = cacheOf({
      'businesses with properties': queryOf(api.businesses.withProperties, { query: { keyword: 'pine' } }),
      'business lookup': queryOf(api.businesses.lookup),
      'my properties': queryOf(api.sites.visible),
      'properties lookup of business 3': queryOf(api.sites.lookupOfBusiness, { query: { busEntityID: 3 } }),
      users: queryOf(api.users.list),
    });
    const { result } = renderHook(useSaveBusiness, { wrapper });
    await result.current.mutateAsync({ legalName: 'Pine Lake LLC' });

    expect(server.callsTo('POST Business/CreateBusEntity')[0]?.body).toEqual({ legalName: 'Pine Lake LLC' });
    expect(invalidated()).toEqual([
      'business lookup',
      'businesses with properties',
      'my properties',
      'properties lookup of business 3',
    ]);
  });
});
