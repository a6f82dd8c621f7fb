import type { LocationRow, ServicePointRow } from '@portal/contract';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import de from '../../../i18n/locales/de.json';
import en from '../../../i18n/locales/en.json';
import { HealthLines } from './MeterLines';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en }, de: { translation: de } } });

const meter = (over: Partial<ServicePointRow>) =>
  ({ servicePointID: 1, isMissingDevice: false, excludeFromMonitoring: false, ...over }) as ServicePointRow;
const row = (servicePoints: ServicePointRow[]) => ({ locationID: 1, servicePoints }) as LocationRow;
const refused = meter({ lastRefusal: { reason: 'clockAhead', at: '2026-11-23T21:00:00Z' } });
const render = (r: LocationRow, isAdmin: boolean, language = 'en') =>
  renderToStaticMarkup(
    createElement(HealthLines, { row: r, t: i18n.getFixedT(language), isAdmin, timeZone: 'America/Phoenix' }),
  );

describe('the monitoring status of a meter', () => {
  it("tells an Administrator why and when the meter's last message was refused, in the property's zone, named", () => {
    expect(render(row([refused]), true)).toContain(
      'Last refused message: meter clock ahead of the server, Nov 23, 2026, 2:00 PM MST',
    );
    expect(render(row([refused]), true, 'de')).toContain(
      'Zuletzt abgelehnte Nachricht: Uhr des Zählers geht dem Server voraus',
    );
  });

  it('says nothing of it to anyone else, nor for a meter without a refused message', () => {
    expect(render(row([refused]), false)).not.toContain('refused');
    expect(render(row([meter({ lastRefusal: null })]), true)).not.toContain('refused');
  });
});
