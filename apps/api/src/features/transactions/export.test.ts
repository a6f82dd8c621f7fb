import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type TransactionsExportRequest } from '@portal/contract';
import { contacts, guests, stays, userAccounts } from '../../db/schema';
import { buildLocation, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { reportFixture } from '../../test/report-fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof reportFixture>>;
let nobody = '';

/**
 * Lakeside RV (America/Denver) of the reports' fixture: Gina Guest's stay (checked in by Sam
 * Staff, checked out automatically on Nov 2), a stay of a guest whose name looks like a
 * formula (Sam in and out, Nov 3-4), an old stay (Sep 28 - Oct 1) and Olivia's open stay.
 * Another business's property has a Gina Guest of its own.
 */
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-05T12:00:00Z'));
  f = await reportFixture(t);
  const db = t.deps.db;
  const staff = await buildUser(db, { roleId: Role.SiteManager, siteIds: [f.site.id] });
  const [account] = await db.select().from(userAccounts).where(eq(userAccounts.id, staff.id));
  await db.update(contacts).set({ firstName: 'Sam', lastName: 'Staff' }).where(eq(contacts.id, account!.contactId));
  await db.update(stays).set({ checkedInByUserId: staff.id }).where(eq(stays.id, f.stay.id));
  const [formula, olivia, otherGina] = await db
    .insert(guests)
    .values([
      { busEntityId: f.site.busEntityId, mobileNumber: '(555) 999-0000', firstName: '=1+1', lastName: 'Hacker' },
      { busEntityId: f.site.busEntityId, mobileNumber: '(555) 222-3333', firstName: 'Olivia', lastName: 'Open' },
      { busEntityId: f.otherSite.busEntityId, mobileNumber: '(555) 444-5555', firstName: 'Gina', lastName: 'Guest' },
    ])
    .returning();
  const otherLocation = await buildLocation(db, f.otherSite.id);
  await db.insert(stays).values([
    {
      locationId: f.b.id,
      siteId: f.site.id,
      guestId: formula!.id,
      checkinAt: new Date('2026-11-03T15:00:00Z'),
      checkoutAt: new Date('2026-11-04T18:00:00Z'),
      checkedInByUserId: staff.id,
      checkedOutByUserId: staff.id,
    },
    {
      locationId: f.b.id,
      siteId: f.site.id,
      checkinAt: new Date('2026-09-28T18:00:00Z'),
      checkoutAt: new Date('2026-10-01T17:00:00Z'),
      checkedInByUserId: staff.id,
      checkedOutByUserId: staff.id,
    },
    {
      locationId: f.b.id,
      siteId: f.site.id,
      guestId: olivia!.id,
      checkinAt: new Date('2026-11-04T18:30:00Z'),
      checkedInByUserId: staff.id,
    },
    {
      locationId: otherLocation.id,
      siteId: f.otherSite.id,
      guestId: otherGina!.id,
      checkinAt: new Date('2026-11-01T18:00:00Z'),
      checkoutAt: new Date('2026-11-03T17:00:00Z'),
    },
  ]);
  nobody = await signIn(t, await buildUser(db, { roleId: Role.None }));
});
afterAll(() => t.close());

const columns = {
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
};

const request = (over: Partial<TransactionsExportRequest> = {}): TransactionsExportRequest => ({
  tab: 'history',
  currentDateRangeFilter: 14,
  search: '',
  format: 'csv',
  labels: { title: 'Transactions - History', automatic: 'Automatic', columns },
  ...over,
});

const exportAs = (token: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ServicePoint/ExportStayTransactions',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });

/** The CSV's lines after the header, the byte-order mark checked and dropped. */
async function csvLines(token: string, over: Partial<TransactionsExportRequest>): Promise<string[]> {
  const res = await exportAs(token, request(over));
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return res.body.slice(1).trimEnd().split('\r\n').slice(1);
}

describe('transactions export', () => {
  it('[SITE MANAGER] gets History as .xlsx: the rows the search finds, times in the property’s zone as date cells', async () => {
    const res = await exportAs(f.tokens.manager, request({ format: 'xlsx', search: '  GINA ' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Transactions_History_2026-11-05.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Transactions - History']);
    expect(values(2)).toEqual(Object.values(columns));
    expect(sheet.rowCount).toBe(3);
    // 12:00Z is 06:00 MDT on Oct 31; 20:00Z is 13:00 MST on Nov 2, after the clocks went back
    expect(values(3)).toEqual([
      'Lakeside RV',
      f.a.description,
      'Gina Guest',
      '(555) 123-4567',
      new Date('2026-10-31T06:00:00Z'),
      new Date('2026-11-02T13:00:00Z'),
      'America/Denver',
      40,
      undefined,
      'Sam Staff',
      'Automatic',
    ]);
  });

  it('writes the CSV with formula-like text neutralised and the automatic check-out in the user’s words', async () => {
    const lines = await csvLines(f.tokens.owner, { search: 'sam staff' });
    expect(lines).toEqual([
      `Lakeside RV,${f.b.description},'=1+1 Hacker,(555) 999-0000,2026-11-03 08:00:00,2026-11-04 11:00:00,America/Denver,0,,Sam Staff,Sam Staff`,
      `Lakeside RV,${f.a.description},Gina Guest,(555) 123-4567,2026-10-31 06:00:00,2026-11-02 13:00:00,America/Denver,40,,Sam Staff,Automatic`,
      `Lakeside RV,${f.b.description},,,2026-09-28 12:00:00,2026-10-01 11:00:00,America/Denver,0,,Sam Staff,Sam Staff`,
    ]);
    const german = { ...request().labels, automatic: 'Automatisch' };
    const automatic = await csvLines(f.tokens.owner, { search: 'automatisch', labels: german });
    expect(automatic).toEqual([expect.stringMatching(/^Lakeside RV,A-\d+,Gina Guest,.*,Sam Staff,Automatisch$/)]);
  });

  it('exports the History filter’s period and Current Visits without check-out columns', async () => {
    expect(await csvLines(f.tokens.owner, { currentDateRangeFilter: 4 })).toHaveLength(2);
    const res = await exportAs(f.tokens.owner, request({ tab: 'current' }));
    expect(res.headers['content-disposition']).toBe('attachment; filename="Transactions_CurrentVisits_2026-11-05.csv"');
    expect(res.body.slice(1).trimEnd().split('\r\n')).toEqual([
      'Property,Location,Guest,Guest Phone,Check In Date (property time),Property Time Zone,Usage (kWh),Estimated,Checked In By',
      `Lakeside RV,${f.b.description},Olivia Open,(555) 222-3333,2026-11-04 11:30:00,America/Denver,0,,Sam Staff`,
    ]);
  });

  it('[ADMINISTRATOR] exports every property’s stays; another business’s staff only their own', async () => {
    const properties = async (token: string) =>
      (await csvLines(token, { search: 'gina' })).map((line) => line.split(',')[0]);
    const other = f.otherSite.publicName;
    expect(await properties(f.tokens.admin)).toEqual([other, 'Lakeside RV']);
    expect(await properties(f.tokens.otherOwner)).toEqual([other]);
    expect(await properties(f.tokens.otherManager)).toEqual([other]);
  });

  it('refuses a caller without the permission, a signed-out one and a malformed request', async () => {
    expect((await exportAs(nobody, request())).statusCode).toBe(403);
    expect((await exportAs(undefined, request())).statusCode).toBe(401);
    expect((await exportAs(f.tokens.owner, { ...request(), tab: 'all' })).statusCode).toBe(400);
    const twice = { ...request().labels, columns: { ...columns, guestPhone: 'Guest' } };
    expect((await exportAs(f.tokens.owner, request({ labels: twice }))).statusCode).toBe(400);
  });
});
