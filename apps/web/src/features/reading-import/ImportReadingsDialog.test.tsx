// @vitest-environment happy-dom
import { type ImportReport, Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../test/fixtures';
import { cellTexts, renderWithApp, signInAs } from '../../test/render';
import { envelopeOf, fakeXhr } from '../../test/xhr';
import { ImportFindings } from './ImportFindings';
import { ImportProgress } from './ImportProgress';
import { ImportReadingsDialog } from './ImportReadingsDialog';

const previewed: ImportReport = {
  rows: 4,
  accepted: 2,
  warnings: [{ line: 3, code: 'readingBelowPrevious' }],
  refused: [
    { line: 5, code: 'importMeterUnknown' },
    { line: 2, code: 'readingInFuture' },
  ],
};
const csv = new File(['meter,reading,time\n'], 'readings.csv', { type: 'text/csv' });

async function chooseAndPreview() {
  const onClose = vi.fn();
  const rendered = renderWithApp(<ImportReadingsDialog site={site} onClose={onClose} />);
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await rendered.user.upload(input, csv);
  await rendered.user.click(screen.getByRole('button', { name: 'Preview' }));
  return { ...rendered, onClose };
}

describe('importing readings from a file', () => {
  beforeEach(() => signInAs(Role.SiteManager));

  it('previews the file: its counts, then each refusal and warning by line, and stores the valid rows', async () => {
    const { sent } = fakeXhr((request) =>
      request.url.searchParams.get('dryRun') === 'true'
        ? { lines: [{ progress: 0.5 }, { progress: 1 }, envelopeOf(previewed)] }
        : { lines: [{ progress: 1 }, envelopeOf({ ...previewed }, { message: '2 readings stored.' })] },
    );
    const { user } = await chooseAndPreview();

    const heading = await screen.findByRole('heading', { name: 'Preview of readings.csv: nothing is stored yet' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('To store').nextSibling?.textContent).toBe('2');
    const rows = within(screen.getByRole('table', { name: 'Warnings and refusals by line of the file' }))
      .getAllByRole('row')
      .slice(1)
      .map(cellTexts);
    expect(rows).toEqual([
      ['2', 'Refused', 'The reading is dated in the future.'],
      ['3', 'Warning', 'The reading is below the one before it: a reset or a rollover?'],
      ['5', 'Refused', 'No meter of this property has this name, device key or location description.'],
    ]);
    expect(screen.getByRole('radio', { name: 'The valid rows (2)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Nothing unless every row is valid' })).toHaveProperty('disabled', true);
    expect(screen.getByText('2 rows are refused: nothing would be stored.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Store' }));
    expect(await screen.findByRole('heading', { name: '2 readings stored.' })).toBeTruthy();
    expect(screen.getByText('Stored').nextSibling?.textContent).toBe('2');
    expect(sent.map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { siteID: '1', dryRun: 'true', mode: 'all' },
      { siteID: '1', dryRun: 'false', mode: 'valid' },
    ]);
    expect(sent.map((r) => r.headers.get('content-type'))).toEqual(['text/csv', 'text/csv']);
  });

  it('says why a file cannot be read, and lets another be chosen', async () => {
    const message = 'The first row must name the columns.';
    fakeXhr(() => ({ status: 400, lines: [envelopeOf({ code: 'invalid' }, { status: 400, message })] }));
    await chooseAndPreview();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
  });

  it('pages a long list of findings, fifty lines a page', async () => {
    const report: ImportReport = {
      rows: 120,
      accepted: 120,
      warnings: Array.from({ length: 120 }, (_, i) => ({ line: i + 2, code: 'readingAlreadyStored' })),
      refused: [],
    };
    const { user } = renderWithApp(<ImportFindings report={report} stored />);
    const lines = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => cellTexts(row)[0]);
    expect(lines()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(lines()).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 102)));
  });

  it('tells how far the work got in tenths, for a screen reader', () => {
    renderWithApp(<ImportProgress stage="check" share={0.47} />);
    expect(screen.getByRole('status').textContent).toBe('Checking the rows… 40%');
    expect(screen.getByRole('progressbar', { name: 'Checking the rows…' })).toBeTruthy();
  });

  it('shows the progress the server streams, and cannot be closed meanwhile', async () => {
    fakeXhr(() => ({ lines: [{ progress: 0.5 }], ends: false }));
    await chooseAndPreview();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Checking the rows… 50%'));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
