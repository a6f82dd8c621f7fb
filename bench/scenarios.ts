/**
 * The benchmark scenarios, each the requests a screen makes. A scenario plays through a
 * `Call`: against the portal, or against the bare server that answers every step with the
 * portal's own answer, captured once, so the two differ only in the work the portal does.
 */
import { routes } from '@portal/contract';
import { BENCH_ADMIN } from './seed-fleet';
import { stepOf, type Answer, type Client, type Step } from './http';

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

export const SIGN_IN_PATH = routes.auth.signIn.path;

const pick = <T>(items: T[], user: number) => items[user % items.length]!;

const reportQuery = (ctx: BenchContext) => ({
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
      await call(
        stepOf(routes.auth.signIn, undefined, { Username: BENCH_ADMIN.email, Password: BENCH_ADMIN.password }),
      );
      await call(stepOf(routes.sites.visible));
    },
  },
  {
    id: '2',
    title: 'locations table of the largest property, every row at once',
    runs: 30,
    // the web app pages the table now (2p); other clients may still ask for all of it
    weight: 0.25,
    async play(call, ctx) {
      await call(stepOf(routes.locations.table, { siteID: ctx.largestSiteId }));
    },
  },
  {
    id: '2p',
    title: 'a 25-row page of the locations table of the largest property',
    runs: 30,
    weight: 1,
    async play(call, ctx, user) {
      // a page somewhere in the property, as users page through it
      await call(stepOf(routes.locations.page, { siteID: ctx.largestSiteId, pageIndex: user % 40, pageSize: '25' }));
    },
  },
  {
    id: '2b',
    title: 'a 25-row page of the locations table of another property',
    runs: 30,
    weight: 4,
    async play(call, ctx, user) {
      const others = ctx.siteIds.filter((id) => id !== ctx.largestSiteId);
      await call(stepOf(routes.locations.page, { siteID: pick(others, user), pageSize: '25' }));
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
      await call(
        stepOf(routes.stays.checkIn, undefined, {
          locationID: location.id,
          autoCheckoutDateTime,
          servicePointCapabilities: location.relays.map((id) => ({ servicePointCapabilityID: id, status: 1 })),
        }),
      );
      await call(stepOf(routes.stays.checkOut, { locationID: location.id }));
    },
  },
  {
    id: '4',
    title: 'dashboard stats (Administrator)',
    runs: 50,
    weight: 2,
    async play(call) {
      await call(stepOf(routes.dashboard.stats));
    },
  },
  {
    id: '4b',
    title: 'dashboard page: its four requests at once',
    runs: 30,
    weight: 1,
    async play(call) {
      await Promise.all(
        [
          stepOf(routes.dashboard.realtime),
          stepOf(routes.dashboard.alerts),
          stepOf(routes.dashboard.stats),
          stepOf(routes.dashboard.usageByProperty, { days: 30 }),
        ].map(call),
      );
    },
  },
  {
    id: '5',
    title: 'usage report, 30 days of the largest property: view',
    runs: 10,
    weight: 0.5,
    async play(call, ctx) {
      await call(stepOf(routes.reports.records, reportQuery(ctx)));
    },
  },
  {
    id: '5x',
    title: 'usage report, 30 days of the largest property: Excel',
    runs: 5,
    weight: 0.1,
    async play(call, ctx) {
      const query = {
        SiteID: ctx.largestSiteId,
        ReportID: '1',
        StoredProcedureCalled: 'usage_by_location',
        ReportStartDate: ctx.month.start.slice(0, 10),
        ReportEndDate: ctx.month.end.slice(0, 10),
      };
      await call(stepOf(routes.reports.excel, query));
    },
  },
  {
    id: '6',
    title: 'public meter page lookup',
    // The page allows 30 lookups a minute from one address.
    runs: 20,
    weight: 3,
    async play(call, ctx, user) {
      await call(stepOf(routes.publicMeter.lookUp, { name: pick(ctx.publicNames, user) }));
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
