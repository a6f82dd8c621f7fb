import { describe, expect, it } from 'vitest';
import { fromWallTime } from '../../../lib/wallTime';
import { type TariffFormValues, initialValues, requestOf, tariffResolver } from './tariffForm';

const values = (overrides: Partial<TariffFormValues> = {}): TariffFormValues => ({
  ...initialValues(undefined),
  electricRate: '0.15',
  waterRate: '0.01',
  ...overrides,
});

const resolve = (form: TariffFormValues, now = new Date('2026-11-01T12:00:00Z')) =>
  tariffResolver(5, 'America/Chicago', () => now)(form, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('the tariff form', () => {
  it('reads a wall time in the property’s zone, across a change of daylight saving time', () => {
    expect(fromWallTime('2026-10-31T10:00', 'America/Chicago')?.toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(fromWallTime('2026-11-02T10:00', 'America/Chicago')?.toISOString()).toBe('2026-11-02T16:00:00.000Z');
    expect(fromWallTime('2026-11-02', 'America/Chicago')).toBeNull();
  });

  it('sends "now" by leaving the moment out, an empty minimum as none, the decimals as typed', () => {
    expect(requestOf(values({ minimumCharge: ' ', electricRate: ' 0.1500 ' }), 5, 'America/Chicago')).toEqual({
      siteID: 5,
      currency: 'USD',
      electricRate: '0.1500',
      waterRate: '0.01',
      electricBlocks: [],
      fees: [],
      minimumCharge: null,
      taxes: [],
    });
    const at = requestOf(values({ starts: 'at', effectiveFrom: '2026-12-01T00:00' }), 5, 'America/Chicago');
    expect(at.effectiveFrom).toBe('2026-12-01T06:00:00.000Z');
  });

  it('hands over the request when the contract’s schema takes it', async () => {
    const form = values({ fees: [{ name: ' Resort fee ', amount: '5.00', per: 'night' }] });
    const { values: request, errors } = await resolve(form);
    expect(errors).toEqual({});
    expect(request).toEqual(requestOf(form, 5, 'America/Chicago'));
  });

  it('names each problem by its message code, on its field', async () => {
    const { errors } = await resolve(
      values({
        electricRate: '',
        waterRate: '1,5',
        electricBlocks: [
          { upToKwh: '100', rate: '0.1' },
          { upToKwh: '50', rate: '' },
        ],
        taxes: [{ name: '', percent: '101', appliesTo: 'all' }],
      }),
    );
    expect(errors.electricRate?.message).toBe('requiredField');
    expect(errors.waterRate?.message).toBe('invalidDecimal');
    expect(errors.electricBlocks?.[1]?.rate?.message).toBe('requiredField');
    expect(errors.electricBlocks?.root?.message ?? errors.electricBlocks?.message).toBe('blocksAscending');
    expect(errors.taxes?.[0]?.name?.message).toBe('requiredField');
    expect(errors.taxes?.[0]?.percent?.message).toBe('invalidValue');
  });

  it('wants a moment, not in the past, when the version starts at one', async () => {
    const at = (effectiveFrom: string) => resolve(values({ starts: 'at', effectiveFrom }));
    expect((await at('')).errors.effectiveFrom?.message).toBe('requiredField');
    // 12:00 UTC is 6:00 in Chicago (CST from 2 AM that day); the server takes a minute old as now
    expect((await at('2026-11-01T05:58')).errors.effectiveFrom?.message).toBe('effectiveFromPast');
    expect((await at('2026-11-01T05:59')).errors).toEqual({});
    expect((await at('2026-11-01T06:00')).errors).toEqual({});
  });
});
