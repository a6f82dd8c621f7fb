import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, transactionsExportRequest } from '@portal/contract';
import { exportRequest, localDay } from './transactionExport';

const catalogues = import.meta.glob<object>('../../i18n/locales/*.json', { eager: true, import: 'default' });

async function translator(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: catalogues[`../../i18n/locales/${language}.json`]! } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('the Transactions export request', () => {
  it('carries the tab as the user sees it, in the words of the screen', async () => {
    const t = await translator('en');
    expect(exportRequest(t, { tab: 'history', filter: 4, search: '  smith ' }, 'xlsx')).toEqual({
      tab: 'history',
      currentDateRangeFilter: 4,
      search: 'smith',
      format: 'xlsx',
      labels: {
        title: 'Transactions - History - Last 30 Days - Search: “smith”',
        automatic: 'Automatic',
        columns: {
          property: 'Property',
          location: 'Location',
          guest: 'Guest',
          guestPhone: 'Guest Phone',
          checkIn: 'Check In Date (property time)',
          checkOut: 'Check Out Date (property time)',
          timeZone: 'Property Time Zone',
          usage: 'Usage (kWh)',
          estimated: 'Estimated',
          checkedInBy: 'Checked In By',
          checkedOutBy: 'Checked Out By',
        },
      },
    });
    expect(exportRequest(t, { tab: 'current', filter: 3, search: '' }, 'csv').labels.title).toBe(
      'Transactions - Current Visits',
    );
  });

  it.each(LANGUAGES)('is one the server accepts in %s: every column header its own', async (language) => {
    const request = exportRequest(await translator(language), { tab: 'history', filter: 14, search: 'x' }, 'csv');
    expect(transactionsExportRequest.safeParse(request).success).toBe(true);
  });

  it('names the file after the day on the user’s clock', () => {
    expect(localDay(new Date(2026, 10, 23, 0, 30))).toBe('2026-11-23');
    expect(localDay(new Date(2026, 0, 2, 23, 59))).toBe('2026-01-02');
  });
});
