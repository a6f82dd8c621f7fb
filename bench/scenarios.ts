/**
 * The benchmark scenarios, each the requests a screen makes. A scenario plays through a
 * `Call`: against the portal, or against the bare server that answers every step with the
 * portal's own answer, captured once, so the two differ only in the work the portal does.
 */
import { BENCH_ADMIN } from './seed-fleet';
import type { Answer, Client, Step } from './http';

export type Call = (step: Step) => Promise<Answer>;

/** What the scenarios need to know of the seeded data, found once through the API. */
export type BenchContext = {
  /** The property with the most locations (2,000 in the default data set). */
  largestSiteId: number;
  siteIds: number[];
  /** Locations nobody is checked in at, one for each simulated user, with their relays' ids. */
  freeLocations: Array<{ id: number; relays: number[] }>;
  /** Public names of metered locations, as printed on the pedestals. */
  publicNames: string[];
  /** The last 30 days as the report dialog sends them: local 'YYYY-MM-DD HH:mm:ss'. */
  month: { start: string; end: string };
};

export type Scenario = {
  id: string;
  title: string;
  /** Sequential runs when measured alone, after two warm-up runs. */
  runs: number;
  /** Share of the mixed load (scenario 7). */
  weight: number;
  play(call: Call, ctx: BenchContext, user: number): Promise<void>;
};

export const SIGN_IN_PATH = '/api/Account/Authenticate';

const pick = <T>(items: T[], user: number) => items[user % items.length]!;

const reportQuery = (ctx: BenchContext) =>
  new URLSearchParams({
    ReportID: '1',
    SiteID: String(ctx.largestSiteId),
    StoredProcedureCalled: 'usage_by_location',
    PeriodStartDate: ctx.month.start,
    EndDate: ctx.month.end,
  });

export const scenarios: Scenario[] = [
  {
    id: '1',
    title: 'sign in, My Properties (Administrator)',
    runs: 20,
    weight: 1,
    async play(call) {
      await call({
        method: 'POST',
        path: SIGN_IN_PATH,
        body: { Username: BENCH_ADMIN.email, Password: BENCH_ADMIN.password },
      });
      await call({ method: 'GET', path: '/api/site/GetSitesWithLocationStatesBasedOnUserRole' });
    },
  },
  {
    id: '2',
    title: 'locations table of the largest property',
    runs: 30,
    weight: 1,
    async play(call, ctx) {
      await call({ method: 'GET', path: `/api/GetAllLocationsWithMetersBySiteID?siteID=${ctx.largestSiteId}` });
    },
  },
  {
    id: '2b',
    title: 'locations table of another property',
    runs: 30,
    weight: 4,
    async play(call, ctx, user) {
      const others = ctx.siteIds.filter((id) => id !== ctx.largestSiteId);
      await call({ method: 'GET', path: `/api/GetAllLocationsWithMetersBySiteID?siteID=${pick(others, user)}` });
    },
  },
  {
    id: '3',
    title: 'check in and out through the simulated fleet',
    runs: 10,
    weight: 1,
    async play(call, ctx, user) {
      const location = pick(ctx.freeLocations, user);
      // Check-out times fall on quarter hours, as the dialog offers them.
      const quarter = 15 * 60_000;
      const autoCheckoutDateTime = new Date(Math.ceil(Date.now() / quarter) * quarter + 2 * 86_400_000).toISOString();
      await call({
        method: 'POST',
        path: '/api/CheckinLocationServicePointCapabilities',
        body: {
          locationID: location.id,
          autoCheckoutDateTime,
          servicePointCapabilities: location.relays.map((id) => ({ servicePointCapabilityID: id, status: 1 })),
        },
      });
      await call({ method: 'POST', path: `/api/CheckOutLocationServicePointCapabilities?locationID=${location.id}` });
    },
  },
  {
    id: '4',
    title: 'dashboard stats (Administrator)',
    runs: 50,
    weight: 2,
    async play(call) {
      await call({ method: 'GET', path: '/api/Report/DashboardStats' });
    },
  },
  {
    id: '4b',
    title: 'dashboard page: its four requests at once',
    runs: 30,
    weight: 1,
    async play(call) {
      await Promise.all(
        ['GetRealtimeStats', 'GetSystemAlerts', 'Report/DashboardStats', 'Dashboard/UsageBySite?days=30'].map((path) =>
          call({ method: 'GET', path: `/api/${path}` }),
        ),
      );
    },
  },
  {
    id: '5',
    title: 'usage report, 30 days of the largest property: view',
    runs: 10,
    weight: 0.5,
    async play(call, ctx) {
      await call({ method: 'GET', path: `/api/Report/ReportRecords?${reportQuery(ctx)}` });
    },
  },
  {
    id: '5x',
    title: 'usage report, 30 days of the largest property: Excel',
    runs: 5,
    weight: 0.1,
    async play(call, ctx) {
      const query = new URLSearchParams({
        SiteID: String(ctx.largestSiteId),
        ReportID: '1',
        StoredProcedureCalled: 'usage_by_location',
        ReportStartDate: ctx.month.start.slice(0, 10),
        ReportEndDate: ctx.month.end.slice(0, 10),
      });
      await call({ method: 'GET', path: `/api/Report/GetDynamicExcel?${query}` });
    },
  },
  {
    id: '6',
    title: 'public meter page lookup',
    // The page allows 30 lookups a minute from one address.
    runs: 20,
    weight: 3,
    async play(call, ctx, user) {
      await call({
        method: 'GET',
        path: `/api/Report/GetElectricMeterInformationByLocationPublicName?name=${pick(ctx.publicNames, user)}`,
      });
    },
  },
];

/** Calls the portal: any answer but 2xx fails the play; a sign-in's token is kept for the next calls. */
export function portalCall(client: Client, onAnswer?: (key: string, answer: Answer) => void): Call {
  let n = 0;
  return async (step) => {
    const answer = await client.expectOk(step);
    if (step.path === SIGN_IN_PATH)
      client.token = (JSON.parse(answer.body.toString('utf8')) as { result: { token: string } }).result.token;
    onAnswer?.(String(n++), answer);
    return answer;
  };
}

/** Calls the bare server: the same method, body and answer for each step, in the same order. */
export function bareCall(client: Client, scenarioId: string): Call {
  let n = 0;
  return (step) => client.expectOk({ ...step, path: `/bare/${scenarioId}/${n++}` });
}
