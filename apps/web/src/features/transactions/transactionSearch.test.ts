import { describe, expect, it } from 'vitest';
import { matchesTransactionSearch, type StayTransaction } from '@portal/contract';

const closed: StayTransaction = {
  stayID: 1,
  siteName: 'Pine Lake RV Resort',
  timeZone: 'America/Phoenix',
  locationDescription: 'Site A-7',
  guest: { firstName: 'Gina', lastName: 'Guest', mobileNumber: '(555) 123-4567' },
  checkinDateTime: '2026-11-01T20:00:00.000Z',
  checkoutDateTime: '2026-11-03T18:00:00.000Z',
  usage: 45.5,
  estimated: false,
  statementTotal: { total: '12.40', currency: 'USD' },
  checkInByUserName: 'Mia Manager',
  checkOutByUserName: null,
};
const open: StayTransaction = { ...closed, stayID: 2, guest: null, checkoutDateTime: null };

/** The rule of the table's search box, which the export applies on the server too. */
describe('the Transactions search', () => {
  it.each([
    ['', true],
    ['gina guest', true],
    ['  GUEST ', true],
    ['(555) 123', true],
    ['pine lake', true],
    ['a-7', true],
    ['mia', true],
    ['automatisch', true],
    ['owen', false],
    ['2026', false],
    ['45.5', false],
  ])('“%s” finds the automatically checked-out stay: %s', (search, found) => {
    expect(matchesTransactionSearch(closed, search, 'Automatisch')).toBe(found);
  });

  it('finds an open stay by neither a guest it does not have nor the automatic check-out it has not had', () => {
    expect(matchesTransactionSearch(open, 'gina', 'Automatic')).toBe(false);
    expect(matchesTransactionSearch(open, 'automatic', 'Automatic')).toBe(false);
    expect(matchesTransactionSearch(open, 'mia', 'Automatic')).toBe(true);
  });
});
