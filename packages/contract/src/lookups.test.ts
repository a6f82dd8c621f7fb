import { describe, expect, it } from 'vitest';
import { busEntityIdQuery, countryQuery, sitesLookupByUserQuery } from './lookups';

describe('lookup queries', () => {
  it('read ids from the query string as numbers', () => {
    expect(countryQuery.parse({ countryID: '236' })).toEqual({ countryID: 236 });
    expect(busEntityIdQuery.parse({ busEntityID: '7' })).toEqual({ busEntityID: 7 });
  });

  it.each([{}, { countryID: 'abc' }, { countryID: '-1' }, { countryID: '1.5' }, { countryID: '99999999999' }])(
    'refuse %j',
    (query) => {
      expect(countryQuery.safeParse(query).success).toBe(false);
    },
  );

  it('needs the user whose properties are asked for', () => {
    expect(sitesLookupByUserQuery.safeParse({}).success).toBe(false);
  });
});
