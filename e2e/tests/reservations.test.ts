import { describe, expect, it } from 'vitest';
import { routes } from '@portal/contract';
import { seriousViolations } from '../support/axe';
import { baseUrl, demo, launchForFile } from '../support/browser';
import { answers, api, apiToken, checkInPossible, findLocation } from '../support/locations';

const browser = launchForFile();

const run = Date.now().toString(36);
const HOUR = 60 * 60_000;

/** A PMS's call with its key: the status code and the envelope's result and message code. */
async function upsert(key: string, body: object) {
  const res = await fetch(`${baseUrl()}${routes.integrations.upsertReservation.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { result: { stayID: number | null } | null; messageCode?: string };
  return { status: res.status, stayID: answer.result?.stayID ?? null, code: answer.messageCode };
}

describe('Reservations', () => {
  it('[SITE OWNER] a PMS checks one guest in and is refused a second at the same location; the Reservations page shows the stay and the conflict in words', async () => {
    const token = await apiToken(demo.owner);
    const { site, row } = await findLocation(token, (r) => checkInPossible(r) && answers(r));
    const { apiKeyID, key } = await api<{ apiKeyID: number; key: string }>(token, 'POST', 'Integrations/CreateApiKey', {
      businessID: site.fk_BusEntityID,
      name: `PMS ${run}`,
      siteIDs: [site.siteID],
      scopes: ['reservations:write'],
    });
    const now = Date.now();
    const reservation = (externalID: string, firstName: string, arrival: number, departure: number) => ({
      siteID: site.siteID,
      externalID,
      locationDescription: row.locationDescription,
      arrival: new Date(arrival).toISOString(),
      departure: new Date(departure).toISOString(),
      guest: { firstName, lastName: run },
      status: 'arrived',
    });
    // the first guest arrived at a vacant location with a meter: checked in
    const first = reservation(`A-${run}`, 'Dana', now - HOUR, now + 24 * HOUR);
    const checkedIn = await upsert(key, first);
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.stayID).not.toBeNull();
    // a second guest at the same location, now taken (arriving later, so that the clean-up can drop the booking)
    const second = reservation(`B-${run}`, 'Sam', now + 2 * HOUR, now + 48 * HOUR);
    const refused = await upsert(key, second);
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('alreadyCheckedIn');

    const page = await browser.signedIn(demo.owner);
    try {
      await page.goto(`/Locations/${site.siteID}`);
      await page.getByRole('heading', { name: site.sitePublicName, level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Reservations' }).click();
      await page.waitForURL(`**/Reservations/${site.siteID}`);
      await page.getByRole('heading', { name: `Reservations · ${site.sitePublicName}`, level: 1 }).waitFor();

      const table = page.getByRole('table', { name: `Reservations of ${site.sitePublicName}` });
      const dana = table.getByRole('row').filter({ hasText: `Dana ${run}` });
      await dana.getByRole('link', { name: 'Checked in' }).waitFor();
      expect(await dana.getByRole('link', { name: row.locationDescription }).getAttribute('href')).toContain(
        `/Locations/${site.siteID}?search=`,
      );
      expect(await dana.textContent()).toContain(`PMS ${run}`);
      const sam = table.getByRole('row').filter({ hasText: `Sam ${run}` });
      await sam.getByText('This location is already checked in.').waitFor();
      expect(await sam.textContent()).toContain('Check the other guest out');
      expect(await sam.textContent()).not.toContain('Checked in');

      // Only conflicts leaves the second guest alone
      await page.getByRole('checkbox', { name: 'Only conflicts' }).check();
      await dana.waitFor({ state: 'detached' });
      await sam.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
      // tidy: the second booking is dropped, the first guest leaves, the key goes
      await upsert(key, { ...second, status: 'cancelled' });
      const checkOut = await fetch(`${baseUrl()}${routes.stays.checkOut.path}?locationID=${row.locationID}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await checkOut.body?.cancel();
      await api(token, 'POST', 'Integrations/RevokeApiKey', { apiKeyID });
    }
    // the guest is out, and nothing waits for the location any more
    const after = await api<Array<{ externalID: string; stayID: number | null; conflict: string | null }>>(
      token,
      'GET',
      `Integrations/GetReservations?siteID=${site.siteID}`,
    );
    expect(after.find((r) => r.externalID === second.externalID)?.conflict ?? null).toBeNull();
  });
});
