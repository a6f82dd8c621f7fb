// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { Role } from '@portal/contract';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { locationRow, locationsPageOf } from '../../test/fixtures';
import { cachedAroundLocation1 } from '../../test/queries';
import { signInAs } from '../../test/render';
import { useCheckOut } from './hooks';
import { locationsLive } from './live';
import { afterLocationChange, type PageInput, pageQuery } from './tableCache';

const PAGE: PageInput = { search: '', sort: 'description', dir: 'asc', pageIndex: 0, pageSize: '25' };

const changed = (siteId: number, locationId: number) =>
  ({ type: 'broadcastlocationcapabilitesdata', siteId, locationId, at: 't' }) as const;

/** Lets every pending promise and timer of the cache run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * Property 1's first page on screen (an observed query), each of its readings answered when the
 * test says, and a check-out of location 1 that waits for its answer too.
 */
async function pageOnScreen(checkOut: 'answers' | 'fails' = 'answers') {
  signInAs(Role.SiteManager);
  const answers: Array<() => void> = [];
  const waitForAnswer = (answer: { status?: number; result?: unknown }) =>
    new Promise<typeof answer>((resolve) => answers.push(() => resolve(answer)));
  const server = mockApi({
    'GET Locations/GetLocationsPage': () =>
      waitForAnswer({ result: locationsPageOf([locationRow(1), locationRow(2)]) }),
    'POST CheckOutLocationServicePointCapabilities': () =>
      waitForAnswer(checkOut === 'answers' ? { result: { stayID: 31, messageIds: [] } } : { status: 500 }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const observer = new QueryObserver(queryClient, pageQuery(1, PAGE));
  const stop = observer.subscribe(() => undefined);
  const readings = () => server.callsTo('GET Locations/GetLocationsPage').length;
  /** Answers what waits (a reading, the check-out), one at a time. */
  const answer = async () => {
    await waitFor(() => expect(answers.length).toBeGreaterThan(0));
    answers.shift()!();
    await settle();
  };
  await answer();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useCheckOut(1), { wrapper });
  const checkingOut = () => result.current.mutateAsync({ locationID: 1, readings: [] }).catch(() => 'failed');
  return { queryClient, readings, answer, checkingOut, stop };
}

describe('a change made in this tab and the live events of its property', () => {
  it('reads the page on screen at once when no change of the property is on its way', async () => {
    const { queryClient, readings, stop } = await pageOnScreen();
    locationsLive(queryClient, [changed(1, 2)]);
    await settle();
    expect(readings()).toBe(2);
    stop();
  });

  it("leaves the page to a change on its way: the change's own event does not read it, the answer does, once", async () => {
    const { queryClient, readings, answer, checkingOut, stop } = await pageOnScreen();
    const done = checkingOut();
    await settle();
    // the check-out's own event arrives while the request waits for the meters
    locationsLive(queryClient, [changed(1, 1)]);
    await settle();
    expect(readings()).toBe(1);
    await answer(); // the check-out
    await answer(); // its reading of the page
    await done;
    await settle();
    expect(readings()).toBe(2);
    stop();
  });

  it("reads the page once more when another location changed after the change's reading began", async () => {
    const { queryClient, readings, answer, checkingOut, stop } = await pageOnScreen();
    const done = checkingOut();
    await answer(); // the check-out: its reading of the page begins
    expect(readings()).toBe(2);
    locationsLive(queryClient, [changed(1, 2)]);
    await settle();
    expect(readings()).toBe(3);
    await answer();
    await answer();
    await done;
    await settle();
    expect(readings()).toBe(3);
    stop();
  });

  it('reads the page marked by an event when a failed change ends', async () => {
    const { queryClient, readings, answer, checkingOut, stop } = await pageOnScreen('fails');
    const done = checkingOut();
    await settle();
    locationsLive(queryClient, [changed(1, 2)]);
    await settle();
    expect(readings()).toBe(1);
    await answer(); // the check-out fails
    expect(readings()).toBe(2);
    await answer();
    expect(await done).toBe('failed');
    stop();
  });
});

describe('what a change made here invalidates', () => {
  const aboutLocation1 = ['command 11', 'history 1', 'stay 1'];
  const lists = ['current visits', 'my properties', 'properties of business 4', 'visit history'];

  it("a check-in, a meter's assignment: the location's queries, the page, the property lists and the transactions", async () => {
    const { queryClient, invalidated } = cachedAroundLocation1();
    await afterLocationChange(queryClient, 1, [1]);
    expect(invalidated()).toEqual([...aboutLocation1, ...lists, 'page 1 of property 1'].sort());
  });

  it('a change of many locations (a move, new locations): the pages, the property lists and the transactions', async () => {
    const { queryClient, invalidated } = cachedAroundLocation1();
    await afterLocationChange(queryClient, 1, 'all');
    expect(invalidated()).toEqual([...lists, 'page 1 of property 1'].sort());
  });
});
