import { describe, expect, it } from 'vitest';
import { demo, launchForFile } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { apiToken, findLocation } from '../support/locations';

const browser = launchForFile();

const ELECTRIC_GROUPS = [1, 6];
const WATER_GROUP = 2;

describe('public meter page', () => {
  it('[VISITOR] looks a meter up signed out: summary, status word and the 30 most recent readings', async () => {
    const page = await browser.newPage();
    await page.goto('/meterreadings');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Please enter meter number').waitFor();
    await page.getByLabel('Enter Meter Number').fill('plr0001');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'Meter Summary' }).waitFor();
    expect(page.url()).toContain('meter=plr0001');
    await page.getByText('Pine Lake RV Resort').waitFor();
    const status = (await page.getByTestId('meter-status').textContent())?.trim();
    expect(['Normal', 'Missing', 'Out of Service']).toContain(status);
    await page.getByRole('heading', { name: 'Usage History (30 most recent readings)' }).waitFor();
    const rows = await page.locator('section[aria-labelledby="meter-history"] tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(30);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('[VISITOR] types the number printed on a meter: electric readings in kWh, water readings in gallons', async () => {
    const { row } = await findLocation(
      await apiToken(demo.admin),
      (r) =>
        !r.deleted &&
        r.servicePoints.some((sp) => ELECTRIC_GROUPS.includes(sp.fk_DeviceTypeGroupId) && sp.kwhTotal !== null) &&
        r.servicePoints.some((sp) => sp.fk_DeviceTypeGroupId === WATER_GROUP && sp.kwhTotal !== null),
    );
    const electric = row.servicePoints.find((sp) => ELECTRIC_GROUPS.includes(sp.fk_DeviceTypeGroupId))!;
    const water = row.servicePoints.find((sp) => sp.fk_DeviceTypeGroupId === WATER_GROUP)!;
    const page = await browser.newPage();
    await page.goto('/meterreadings');
    const currentReading = page.locator('dt:text-is("Current Reading") + dd');
    const location = page.locator('dt:text-is("Location") + dd');

    await page.getByLabel('Enter Meter Number').fill(` ${electric.servicePointName.toLowerCase()} `);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'Meter Summary' }).waitFor();
    expect(await location.textContent()).toBe(`${row.locationDescription} (${row.locationPublicName})`);
    expect(await currentReading.textContent()).toMatch(/^[\d,.]+ kWh$/);

    await page.getByLabel('Enter Meter Number').fill(water.servicePointName);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => currentReading.textContent()).toMatch(/^[\d,.]+ gal$/);
    expect(await location.textContent()).toBe(`${row.locationDescription} (${row.locationPublicName})`);
    const firstReading = page.locator('section[aria-labelledby="meter-history"] tbody tr').first().locator('td').last();
    expect(await firstReading.textContent()).toMatch(/^[\d,.]+ gal$/);
    await page.context().close();
  });

  it('[VISITOR] ?meter= pre-fills and runs the lookup; an unknown number says Meter not found', async () => {
    const page = await browser.newPage();
    await page.goto('/meterreadings?meter=PLR0002');
    await page.getByRole('heading', { name: 'Meter Summary' }).waitFor();
    expect(await page.getByLabel('Enter Meter Number').inputValue()).toBe('PLR0002');
    await page.getByLabel('Enter Meter Number').fill('NOPE0000');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Meter not found').waitFor();
    await page.getByText('Please enter valid meter number above to see the readings.').waitFor();
    await page.context().close();
  });
});
