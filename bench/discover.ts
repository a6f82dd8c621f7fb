/** What the scenarios need of the seeded data, found through the API as a user would. */
import { behaviourOf } from '../apps/api/src/gateway/fleet';
import { routes } from '@portal/contract';
import { stepOf, type Client } from './http';
import { portalCall, scenarios, type BenchContext } from './scenarios';

type Site = { siteID: number; totalLocations: number; timeZone: string };
type LocationRow = {
  locationID: number;
  isCheckedInState: boolean;
  deleted: boolean;
  locationPublicName: string;
  servicePoints: Array<{ deviceKey: string; servicePointCapabilities: Array<{ servicePointCapabilityID: number }> }>;
};

const resultOf = <T>(body: Buffer) => (JSON.parse(body.toString('utf8')) as { result: T }).result;

/** Signs the Administrator in on `admin` and looks the bench properties up. */
export async function discover(admin: Client, freeLocationsWanted: number): Promise<BenchContext> {
  const answers: Buffer[] = [];
  const call = portalCall(admin, (_, answer) => answers.push(answer.body));
  await scenarios.find((s) => s.id === '1')!.play(call, {} as BenchContext, 0);
  const sites = resultOf<Site[]>(answers.at(-1)!);
  if (!sites.length) throw new Error('the bench database has no properties: run `npm run bench:seed` first');
  const largest = sites.reduce((a, b) => (b.totalLocations > a.totalLocations ? b : a));

  const freeLocations: BenchContext['freeLocations'] = [];
  const publicNames: string[] = [];
  for (const site of [largest, ...sites.filter((s) => s !== largest)]) {
    if (freeLocations.length >= freeLocationsWanted) break;
    const table = await call(stepOf(routes.locations.table, { siteID: site.siteID }));
    for (const row of resultOf<LocationRow[]>(table.body)) {
      if (row.deleted || !row.servicePoints.length) continue;
      if (publicNames.length < 100) publicNames.push(row.locationPublicName);
      // The simulated fleet has a few meters that fail or never answer, as a real one does.
      const answers = row.servicePoints.every((m) => behaviourOf(m.deviceKey) === 'answers');
      if (!row.isCheckedInState && answers && freeLocations.length < freeLocationsWanted) {
        const relays = row.servicePoints.flatMap((m) =>
          m.servicePointCapabilities.map((c) => c.servicePointCapabilityID),
        );
        freeLocations.push({ id: row.locationID, relays });
      }
    }
  }
  return {
    largestSiteId: largest.siteID,
    siteIds: sites.map((s) => s.siteID),
    freeLocations,
    publicNames,
    month: lastThirtyDays(largest.timeZone),
  };
}

function lastThirtyDays(timeZone: string): BenchContext['month'] {
  const day = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
  return { start: `${day(Date.now() - 29 * 86_400_000)} 00:00:00`, end: `${day(Date.now())} 23:59:59` };
}
