// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/apiError';
import { renderWithApp } from '../test/render';
import { QueryState } from './QueryState';

const FORBIDDEN = 'You are not allowed to do this.';
const loaded = (data: string[]) => ({ isPending: false, isError: false, error: null, data });

function show(query: Parameters<typeof QueryState<string[]>>[0]['query'], empty?: string) {
  return renderWithApp(
    <QueryState
      query={query}
      loading={{ height: 20, count: 3 }}
      failed="The list could not be loaded."
      empty={empty && <p>{empty}</p>}
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe("a query's states", () => {
  it('says it is loading, with as many bars as asked', () => {
    const { container } = show({ isPending: true, isError: false, error: null, data: undefined });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(container.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(3);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("says that it failed, and the server's reason", () => {
    const error = new ApiError(403, 'forbidden', 'forbidden');
    show({ isPending: false, isError: true, error, data: undefined });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    expect(alert.textContent).toContain(FORBIDDEN);
  });

  it('shows what to do next for an empty answer, else the content', () => {
    show(loaded([]), 'Nothing yet: add one.');
    expect(screen.getByText('Nothing yet: add one.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the content of an answer', () => {
    show(loaded(['a', 'b']), 'Nothing yet: add one.');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
  });

  it('shows an empty list as content when no empty state is given', () => {
    show(loaded([]));
    expect(screen.getByRole('list').children).toHaveLength(0);
  });
});
