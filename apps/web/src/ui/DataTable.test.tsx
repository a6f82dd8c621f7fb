// @vitest-environment happy-dom
import type { ColumnDef } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { DataTable } from './DataTable';

type Guest = { name: string; nights: number };
const columns: ColumnDef<Guest, unknown>[] = [
  { id: 'name', header: 'Name', accessorFn: (g) => g.name, sortingFn: 'text' },
  { id: 'nights', header: 'Nights', accessorFn: (g) => g.nights },
];
const guests = Array.from({ length: 12 }, (_, i) => ({ name: `Guest ${String(i + 1).padStart(2, '0')}`, nights: i }));

type Options = Pick<Parameters<typeof DataTable<Guest>>[0], 'texts' | 'hidePagerWithOnePage'>;

function table(data: Guest[], options: Options = {}) {
  const view = renderWithApp(
    <DataTable data={data} columns={columns} initialSort={[]} pageSize={10} label="Guests" {...options} />,
  );
  const names = () =>
    within(screen.getByRole('table', { name: 'Guests' }))
      .queryAllByRole('row')
      .slice(1)
      .map((row) => row.firstChild?.textContent);
  return { ...view, names };
}

describe('a data table', () => {
  it('shows a page of rows, says which, and pages on', async () => {
    const { user, names } = table(guests);
    expect(names()).toHaveLength(10);
    expect(screen.getByRole('status').textContent).toBe('Showing 1 to 10 of 12');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(names()).toEqual(['Guest 11', 'Guest 12']);
  });

  it('sorts by a column, and tells the order', async () => {
    const { user, names } = table(guests);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()[0]).toBe('Guest 12');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('searches the columns, back on the first page', async () => {
    const { user, names } = table(guests);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Guest 0');
    expect(names()).toHaveLength(9);
    expect(screen.getByRole('status').textContent).toBe('Showing 1 to 9 of 9');
  });

  it("speaks a table's own words, says when nothing matches, and hides a pager of one page", async () => {
    const { user } = table(guests.slice(0, 1), {
      texts: {
        pageLength: 'Show',
        all: 'All',
        search: 'Find',
        range: ({ total }) => `${total} guests`,
        empty: 'No guest yet',
      },
      hidePagerWithOnePage: true,
    });
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Find' }), 'nobody');
    expect(screen.getByRole('status').textContent).toBe('0 guests');
    expect(screen.getByText('No guest yet')).toBeTruthy();
  });

  it('keeps a pager of one page by default, and shows no row when nothing matches', async () => {
    const { user, names } = table(guests.slice(0, 1));
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(names()).toEqual([]);
  });
});
