import { messageText, revisionReasonMessages, type PublicStatement } from '@portal/contract';

/** Text as Helvetica's encoding (WinAnsi) holds it: any other character becomes "?". */
const winAnsi = (value: string) => value.replace(/[^\x20-\x7e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g, '?');

/**
 * A statement as a PDF (pdfkit), in English like the other files the server writes. Its
 * built-in Helvetica covers the Latin alphabets of Western Europe; a character beyond them
 * (a name in Cyrillic or Japanese) prints as "?": the statement page prints in every script.
 * A statement is a few kilobytes, so it is made whole before anything is sent. pdfkit is
 * loaded with the first statement: a server that makes none does not hold it in memory.
 */
export async function statementPdf(s: PublicStatement, guestName: string | null): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Statement ${s.stayID}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const say = (value: string, options?: PDFKit.Mixins.TextOptions) => doc.text(winAnsi(value), options);
  const money = (amount: string) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: s.currency, minimumFractionDigits: 2 }).format(
      amount as Intl.StringNumericLiteral,
    );
  const time = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: s.timeZone,
    timeZoneName: 'short',
  });
  const when = (iso: string | null) => (iso === null ? '-' : time.format(new Date(iso)));

  doc.font('Helvetica-Bold').fontSize(18);
  say(s.propertyName);
  doc.font('Helvetica').fontSize(11);
  say(`Statement for ${s.locationName} (${s.locationPublicName})`);
  if (guestName) say(`Guest: ${guestName}`);
  doc.moveDown(0.5);
  say(`Check-in: ${when(s.checkInAt)}`);
  say(`Check-out: ${s.checkOutAt === null ? 'still checked in' : when(s.checkOutAt)}`);
  say(`Nights: ${s.nights}`);
  if (s.status === 'open') say(`Running statement as of ${when(s.asOf)}: the stay is still open.`);
  say(
    s.tariffVersionNumber === null
      ? 'No tariff was in effect at check-in.'
      : `Tariff version ${s.tariffVersionNumber}, in effect ${s.tariffSinceCreation ? 'since the property was created' : `from ${when(s.tariffEffectiveFrom)}`}: the tariff in effect at check-in applies to the whole stay.`,
  );

  if (s.revision > 1 && s.revisedAt !== null) {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold');
    say(`Revised after check-out: revision ${s.revision}, ${when(s.revisedAt)}.`);
    doc.font('Helvetica');
    if (s.revisionReason) say(messageText(revisionReasonMessages[s.revisionReason]));
    for (const c of s.changes) say(`${c.item ? `${c.item}, ` : ''}${c.field}: ${c.before ?? '-'} -> ${c.after ?? '-'}`);
  }
  if (s.meters.some((m) => m.openingEstimated || m.closingEstimated)) {
    // 16 TAC 25.25(c)(6): a bill from an estimated read says so prominently
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(14);
    say('ESTIMATED: this statement uses an estimated meter reading (marked "Estimated" below).');
    doc.font('Helvetica').fontSize(11);
  }
  const underReview = s.meters.reduce((n, m) => n + m.underReview, 0);
  if (underReview)
    say(
      `${underReview} reading(s) under review: usage faster than the meter can deliver is not charged until the property has checked it. This statement may be revised.`,
    );

  doc.moveDown();
  table(
    doc,
    'Meters',
    ['Meter', 'Opening', 'Closing', 'Read at', 'Usage'],
    [124, 70, 70, 166, 74],
    s.meters.map((m) => [
      `${m.meterName} (${m.unit})`,
      estimatedText(m.openingReading, m.openingEstimated),
      estimatedText(m.closingReading, m.closingEstimated),
      when(m.closingReadingAt),
      `${m.usage} ${m.unit}`,
    ]),
  );
  doc.fontSize(9);
  for (const m of s.meters)
    for (const e of m.events)
      say(`${m.meterName}: ${e.kind} at ${when(e.at)}, from ${e.previous ?? '-'} to ${e.reading}`);

  doc.moveDown();
  table(
    doc,
    'Charges',
    ['Description', 'Quantity', 'Unit price', 'Amount'],
    [214, 90, 100, 100],
    s.lines.map((l) => [
      l.description,
      l.kind === 'tax' ? money(l.quantity) : l.quantity,
      l.kind === 'tax'
        ? `${l.unitPrice} %`
        : l.kind === 'electric' || l.kind === 'water'
          ? l.unitPrice
          : money(l.unitPrice),
      money(l.amount),
    ]),
  );
  doc.moveDown(0.5);
  for (const [label, amount, bold] of [
    ['Subtotal', s.subtotal, false],
    ['Taxes', s.taxTotal, false],
    ['Total', s.total, true],
  ] as const) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 13 : 11);
    say(`${label}: ${money(amount)}`, { align: 'right' });
  }
  doc.end();
  return done;
}

/** A reading as printed, "Estimated" after one not read off the meter. */
const estimatedText = (reading: string | null, estimated: boolean) =>
  reading === null ? '-' : estimated ? `${reading} Estimated` : reading;

/** A titled table: a bold header row, then one row a line; widths in points. */
function table(doc: PDFKit.PDFDocument, title: string, headers: string[], widths: number[], rows: string[][]) {
  doc.font('Helvetica-Bold').fontSize(12).text(title);
  const row = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    cells.forEach((cell, i) => {
      doc.text(winAnsi(cell), x, y, { width: widths[i]! - 6, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
      x += widths[i]!;
    });
    doc.x = doc.page.margins.left;
    doc.y = bottom + 2;
  };
  row(headers, true);
  for (const cells of rows) row(cells, false);
}
