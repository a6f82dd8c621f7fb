import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { IMPORT_COLUMNS, Role, toWallClock, type ImportReport } from '@portal/contract';
import { auditLog, dailyUsage, meterReadings, servicePoints } from '../../db/schema';
import { buildHandMeter, buildLocation, buildMeter, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
});
afterAll(() => t.close());

const ago = (hours: number) => new Date(t.deps.now().getTime() - hours * HOUR).toISOString();

/** An electric meter read by hand and a water meter on a new location of a property, registered 30 days ago. */
async function pedestal(siteId = w.siteA1.id, description?: string) {
  const loc = await buildLocation(t.deps.db, siteId, description ? { description } : {});
  const createdAt = new Date(t.deps.now().getTime() - 30 * 24 * HOUR);
  const electric = await buildHandMeter(t.deps.db, { locationId: loc.id, slot: 1, createdAt });
  const water = await buildMeter(t.deps.db, { locationId: loc.id, slot: 2, deviceTypeId: 7, createdAt });
  return { loc, electric, water };
}

const importCsv = (csv: string, query: string, siteID = w.siteA1.id, token = w.tokens.managerA1) =>
  t.call<ImportReport>({
    method: 'POST',
    url: `/api/Meters/ImportReadings?siteID=${siteID}&${query}`,
    token,
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

const stored = (meterId: number) =>
  t.deps.db
    .select()
    .from(meterReadings)
    .where(eq(meterReadings.servicePointId, meterId))
    .orderBy(asc(meterReadings.readAt));

describe('previewing an import', () => {
  it('stores nothing, and answers each refusal and warning by the line of the file', async () => {
    const { electric, water } = await pedestal(w.siteA1.id, 'Slip 41');
    await importCsv(`meter,reading,time\n${electric.name},500,${ago(48)}\n`, 'mode=all');
    const csv = [
      'Meter,Reading,Time,Estimated',
      `${electric.name},510.5,${ago(40)},`, // 2: fine
      `${electric.name},12.25,${ago(30)},no`, // 3: below the reading before it
      '',
      `${water.deviceKey},1200,${ago(30)},yes`, // 5: by its device key, estimated
      `${water.name},12.5,${ago(20)}`, // 6: water takes whole gallons
      `E999999,1,${ago(20)}`, // 7: no such meter
      `Slip 41,520,${ago(20)}`, // 8: the location has two meters
      `${electric.name},"530",${ago(-2)}`, // 9: in the future
      `${electric.name},540,yesterday`, // 10: not a time
      `${electric.name},550,${ago(24 * 40)}`, // 11: older than READING_MAX_AGE_DAYS
      `${electric.name},560,${ago(10)},maybe`, // 12: not a flag
    ].join('\r\n');
    const res = await importCsv(csv, 'dryRun=true');
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      rows: 10,
      accepted: 3,
      warnings: [{ line: 3, code: 'readingBelowPrevious' }],
      refused: [
        { line: 6, code: 'onlyInteger' },
        { line: 7, code: 'importMeterUnknown' },
        { line: 8, code: 'importMeterAmbiguous' },
        { line: 9, code: 'readingInFuture' },
        { line: 10, code: 'importTimeInvalid' },
        { line: 11, code: 'readingTooOld' },
        { line: 12, code: 'importEstimatedInvalid' },
      ],
    });
    expect(res.body.message).toBeNull();
    expect((await stored(electric.id)).map((r) => r.total)).toEqual(['500.000000']);
    expect(await stored(water.id)).toEqual([]);
  });

  it('names the location and the unit, reads a time without an offset in the property’s zone, and takes semicolons', async () => {
    const { water } = await pedestal(w.siteA1.id, 'Pad 7');
    const at = Math.floor((t.deps.now().getTime() - 5 * HOUR) / 60_000) * 60_000;
    const wall = new Date(toWallClock('America/Denver', at)).toISOString().slice(0, 16).replace('T', ' ');
    const csv = `Location Description;Unit;Read at;Total gallons\npad 7;GAL;${wall};300\n`;
    const res = await importCsv(csv, 'mode=all');
    expect(res.body.result).toMatchObject({ rows: 1, accepted: 1, refused: [] });
    expect(res.body.message).toBe('1 readings stored.');
    expect((await stored(water.id)).map((r) => [r.total, r.readAt.getTime()])).toEqual([['300.000000', at]]);
  });

  it.each([
    ['reading,time\n1,2026-01-01T00:00:00Z', 'importHeaderMissing'],
    ['meter,serial,reading,time\n', 'importColumnTwice'],
    ['meter,reading,time\n', 'importEmpty'],
    ['meter,reading,time\nE1,1,2026-01-01T00:00:00Z\n"E2,2,2026-01-01T00:00:00Z\n', 'importUnreadable'],
  ])('refuses a file it cannot read as readings: %j', async (csv, code) => {
    const res = await importCsv(csv, 'dryRun=true');
    expect([res.status, res.body.messageCode]).toEqual([400, code]);
  });

  it('names the line where the file stops being CSV', async () => {
    const res = await importCsv('meter,reading,time\n\nE1,1,2026-01-01T00:00:00Z\n"E2,2\n\nE3,3,x\n', 'dryRun=true');
    expect(res.body.message).toBe('The file cannot be read as CSV from line 4 on.');
  });
});

describe('any file of readings', () => {
  /** A cell as a spreadsheet quotes it: anything may be in it, a delimiter, a quote or a line break too. */
  const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

  it('is answered row by row: each stored, stored already or refused, once, by the line it starts on', async () => {
    const { electric, water } = await pedestal(w.siteA1.id, 'Dock 3');
    const names = [electric.name, water.name, water.deviceKey, 'Dock 3', 'dock 3', 'nowhere', ''];
    const readings = ['1', '17.5', '0.1234567', '-3', '1e3', 'abc', '', '1234567890123', ' 42 '];
    const times = [ago(30), ago(12), ago(12).slice(0, 19), ago(-5), ago(24 * 50), '2026-02-30T10:00:00Z', 'soon', ''];
    const text = fc
      .string({ unit: 'grapheme', maxLength: 6 })
      // a control character has the whole file refused (text the database cannot hold); a line break is fine
      .filter((x) => [...x].every((c) => c === '\n' || c >= ' '));
    const cell = (pool: string[]) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, text);
    const file = fc.record({
      delimiter: fc.constantFrom(',', ';', '\t'),
      header: fc.tuple(
        fc.constantFrom(...IMPORT_COLUMNS.meter, ...IMPORT_COLUMNS.location),
        fc.constantFrom(...IMPORT_COLUMNS.reading),
        fc.constantFrom(...IMPORT_COLUMNS.time),
        fc.constantFrom(...IMPORT_COLUMNS.estimated),
      ),
      rows: fc.array(fc.tuple(cell(names), cell(readings), cell(times), cell(['', 'yes', 'no', '1', 'x'])), {
        minLength: 1,
        maxLength: 12,
      }),
    });
    // a caller of its own, whose 20 imports a minute the other tests have not spent
    const owner = await signIn(t, await buildUser(t.deps.db, { roleId: Role.SiteOwner, busEntityId: w.busA.id }));
    for (const f of fc.sample(file, { seed: 30, numRuns: 20 })) {
      const lines = [f.header.map((h) => h.toUpperCase()), ...f.rows].map((r) => r.map(quoted).join(f.delimiter));
      let next = 1;
      const starts = lines.map((l) => {
        const at = next;
        next += l.split('\n').length;
        return at;
      });
      const res = await importCsv(lines.join('\n'), 'dryRun=true', w.siteA1.id, owner);
      expect(res.status, lines.join('\n')).toBe(200);
      const { rows, accepted, warnings, refused } = res.body.result;
      const already = warnings.filter((x) => x.code === 'readingAlreadyStored');
      expect(rows).toBe(f.rows.length);
      expect(accepted + already.length + refused.length).toBe(rows);
      const answered = [...already, ...refused].map((x) => x.line);
      expect(new Set(answered).size).toBe(answered.length);
      for (const x of [...warnings, ...refused]) expect(starts.slice(1)).toContain(x.line);
    }
    expect(await stored(electric.id)).toEqual([]);
  });
});

describe('an import that tells its progress', () => {
  const streamed = (csv: string, query: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/Meters/ImportReadings?siteID=${w.siteA1.id}&${query}`,
      headers: {
        authorization: `Bearer ${w.tokens.ownerA}`,
        'content-type': 'text/csv',
        accept: 'application/x-ndjson',
      },
      payload: csv,
    });
  const linesOf = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('answers a line of progress a batch, then its envelope; a failure after the first line ends it', async () => {
    const { electric } = await pedestal();
    const rows = Array.from({ length: 7_000 }, (_, i) => `${electric.name},${i},${ago(700 - i / 10)}`);
    const done = await streamed(['meter,reading,time', ...rows.slice(0, 10)].join('\n'), 'mode=all');
    expect(done.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const [progress, envelope] = linesOf(done.body);
    expect(progress).toEqual({ progress: 1 });
    expect(envelope).toMatchObject({ success: true, statusCode: 200, result: { rows: 10, accepted: 10 } });

    const broken = await streamed(
      ['meter,reading,time', ...rows, `"${electric.name},1,${ago(1)}`].join('\n'),
      'dryRun=true',
    );
    const lines = linesOf(broken.body);
    expect(lines).toHaveLength(2);
    // the first batch of 5,000 rows, then the quote never closed (the parser reads no more ahead than a chunk or two)
    expect(lines[0]!.progress).toBeGreaterThan(0.7);
    expect(lines[1]).toMatchObject({ success: false, statusCode: 400, messageCode: 'importUnreadable' });
    expect(await stored(electric.id)).toHaveLength(10);
  });
});

describe('storing an import', () => {
  const file = (meter: string) =>
    ['meter,reading,time', `${meter},100,${ago(50)}`, `${meter},abc,${ago(45)}`, `${meter},130,${ago(40)}`].join('\n');

  it('stores nothing unless every row is valid (all), or the valid rows (valid), with one audit row', async () => {
    const { electric } = await pedestal();
    const none = await importCsv(file(electric.name), 'mode=all');
    expect(none.body.result).toEqual({
      rows: 3,
      accepted: 0,
      warnings: [],
      refused: [{ line: 3, code: 'onlyIntegerOrDecimal' }],
    });
    expect(none.body.message).toBe('Nothing was stored: 1 rows were refused.');
    expect(await stored(electric.id)).toEqual([]);

    const valid = await importCsv(file(electric.name), 'mode=valid');
    expect(valid.body.result).toMatchObject({ rows: 3, accepted: 2 });
    expect((await stored(electric.id)).map((r) => [r.total, r.usage])).toEqual([
      ['100.000000', '0.000000'],
      ['130.000000', '30.000000'],
    ]);
    const [meter] = await t.deps.db.select().from(servicePoints).where(eq(servicePoints.id, electric.id));
    expect(meter).toMatchObject({ lastReading: '130.000000', usageTotal: '30.000000' });
    const [audited] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'importReadings'), eq(auditLog.userAccountId, w.users.managerA1.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audited).toMatchObject({
      entityType: 'site',
      entityId: String(w.siteA1.id),
      after: { mode: 'valid', rows: 3, accepted: 2, warnings: 0, refused: 1 },
    });
  });

  it('stores nothing new from the same file twice: each row is stored already', async () => {
    const { electric } = await pedestal();
    const csv = file(electric.name).replace(',abc,', ',110,');
    expect((await importCsv(csv, 'mode=all')).body.result.accepted).toBe(3);
    const again = await importCsv(csv, 'mode=all');
    expect(again.body.result).toEqual({
      rows: 3,
      accepted: 0,
      warnings: [2, 3, 4].map((line) => ({ line, code: 'readingAlreadyStored' })),
      refused: [],
    });
    expect(await stored(electric.id)).toHaveLength(3);
  });

  it('refuses another total at an instant stored already, or twice in the file, the first row counting', async () => {
    const { electric } = await pedestal();
    const at = ago(20);
    await importCsv(`meter,reading,time\n${electric.name},70,${at}`, 'mode=all');
    const later = ago(10);
    const csv = ['meter,reading,time', `${electric.name},71,${at}`, `${electric.name},80,${later}`];
    const res = await importCsv(
      [...csv, `${electric.name},81,${later}`, `${electric.name},80,${later}`].join('\n'),
      'mode=valid',
    );
    expect(res.body.result).toEqual({
      rows: 4,
      accepted: 1,
      warnings: [{ line: 5, code: 'readingAlreadyStored' }],
      refused: [
        { line: 2, code: 'readingConflict' },
        { line: 4, code: 'readingConflict' },
      ],
    });
    expect((await stored(electric.id)).map((r) => r.total)).toEqual(['70.000000', '80.000000']);
  });

  it("refuses by line a meter of another property, the caller's or not, and storing nothing of it", async () => {
    const own = await pedestal(w.siteA1.id);
    const sibling = await pedestal(w.siteA2.id);
    const foreign = await pedestal(w.siteB1.id);
    const csv = ['meter,reading,time', ...[own, sibling, foreign].map((p) => `${p.electric.name},5,${ago(3)}`)].join(
      '\n',
    );
    const res = await importCsv(csv, 'mode=valid', w.siteA1.id, w.tokens.ownerA);
    expect(res.body.result.refused).toEqual([
      { line: 3, code: 'importMeterUnknown' },
      { line: 4, code: 'importMeterUnknown' },
    ]);
    expect(await stored(sibling.electric.id)).toEqual([]);
    expect(await stored(foreign.electric.id)).toEqual([]);
    expect(await stored(own.electric.id)).toHaveLength(1);
    // a property outside the caller's scope is refused whole
    expect((await importCsv(csv, 'dryRun=true', w.siteA2.id, w.tokens.managerA1)).status).toBe(403);
  });

  it('stores rows in any order, across batches, with the figures of the same rows in order', async () => {
    const a = await pedestal();
    const b = await pedestal();
    const start = t.deps.now().getTime() - 26 * 24 * HOUR;
    const rowsOf = (meter: string) =>
      Array.from({ length: 2_400 }, (_, i) => {
        const total = `${1000 + Math.floor(i / 4)}.${(i % 4) * 25}`;
        return `${meter},${total},${new Date(start + i * 15 * 60_000).toISOString()}`;
      });
    const inOrder = await importCsv(['meter,reading,time', ...rowsOf(a.electric.name)].join('\n'), 'mode=all');
    const reversed = await importCsv(
      ['meter,reading,time', ...rowsOf(b.electric.name).reverse()].join('\n'),
      'mode=all',
    );
    expect(inOrder.body.result).toMatchObject({ rows: 2_400, accepted: 2_400, refused: [] });
    expect(reversed.body.result).toMatchObject({ rows: 2_400, accepted: 2_400, refused: [] });
    expect(reversed.body.result.warnings).toEqual(inOrder.body.result.warnings);
    const days = (meterId: number) =>
      t.deps.db
        .select({ day: dailyUsage.day, usage: dailyUsage.usage, first: dailyUsage.firstReading })
        .from(dailyUsage)
        .where(eq(dailyUsage.servicePointId, meterId))
        .orderBy(asc(dailyUsage.day));
    expect(await days(b.electric.id)).toEqual(await days(a.electric.id));
    const usage = async (meterId: number) => (await stored(meterId)).map((r) => [r.total, r.kind, r.usage]);
    expect(await usage(b.electric.id)).toEqual(await usage(a.electric.id));
  });
});
