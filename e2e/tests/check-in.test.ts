import { describe, expect, it } from 'vitest';
import { demo, launchForFile } from '../support/browser';
import type { CurrentStay } from '@portal/contract';
import { answers, api, apiToken, checkInPossible, findLocation, openRow } from '../support/locations';

const browser = launchForFile();

const CHECK_IN_TOASTS = /^Check-in successful(\. Remote Device Operation Pending)?$/;
const CHECK_OUT_TOASTS = /^Check-out successful(\. Remote Device Operation Pending)?$/;

describe('check-in and check-out', () => {
  it('[SITE MANAGER] checks a guest in and sees the meter turn on without reloading', async () => {
    // A location the manager may use whose meters switch as a whole and answer commands.
    const token = await apiToken(demo.manager);
    const { site, row } = await findLocation(
      token,
      (r) =>
        checkInPossible(r) &&
        answers(r) &&
        r.servicePoints.length === 1 &&
        r.servicePoints[0]!.servicePointCapabilities.every((c) => c.capability.capabilityType === 1 && c.status === 0),
    );
    const name = row.locationDescription;
    const meter = row.servicePoints[0]!.servicePointName;

    // The manager at the desk, and the owner looking at the same property in another browser.
    const desk = await browser.signedIn(demo.manager);
    const other = await browser.signedIn(demo.owner);
    const otherRow = await openRow(other, site.siteID, name);
    await otherRow.getByRole('button', { name: `Check in at ${name}` }).waitFor();

    const deskRow = await openRow(desk, site.siteID, name);
    await deskRow.getByRole('button', { name: `Meter ${meter}: Off. Open its device control panel` }).waitFor();
    await deskRow.getByRole('button', { name: `Check in at ${name}` }).click();

    const dialog = desk.getByRole('dialog', { name: `Check In · ${name}` });
    await dialog.waitFor();
    // The guest rules: a first name needs a phone, the phone is masked.
    await dialog.getByLabel('First name').fill('Erin');
    await dialog.getByRole('button', { name: 'Check In' }).click();
    await dialog.getByText('Phone number is required').waitFor();
    await dialog.getByLabel('Guest phone').pressSequentially('5550107788');
    expect(await dialog.getByLabel('Guest phone').inputValue()).toBe('(555) 010-7788');
    await dialog.getByLabel('Last name').fill('Walker');
    // Tomorrow at the property's default checkout time (11:00) is the default.
    expect(await dialog.getByLabel(/^Auto checkout/).inputValue()).toMatch(/T11:00$/);
    await dialog.getByRole('button', { name: 'Check In' }).click();

    await desk.getByText(CHECK_IN_TOASTS).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The meter answers in 1-5 s; the hub brings its answer to both browsers.
    await deskRow
      .getByRole('button', { name: `Meter ${meter}: On. Open its device control panel` })
      .waitFor({ timeout: 20_000 });
    await deskRow.getByRole('button', { name: `Check out of ${name}` }).waitFor();
    await expect(deskRow.getByText('Erin Walker').isVisible()).resolves.toBe(true);
    await otherRow.getByRole('button', { name: `Check out of ${name}` }).waitFor({ timeout: 20_000 });
    await otherRow
      .getByRole('button', { name: `Meter ${meter}: On. Open its device control panel` })
      .waitFor({ timeout: 20_000 });

    await desk.context().close();
    await other.context().close();
  });

  it('[SITE MANAGER] manages a checked-in location and finds the stay’s guest in the form', async () => {
    const token = await apiToken(demo.manager);
    const { site, row } = await findLocation(
      token,
      (r) =>
        r.isCheckedInState &&
        !r.deleted &&
        r.guestName !== null &&
        r.servicePoints.some((sp) => sp.servicePointCapabilities.length > 0),
    );
    const stay = await api<CurrentStay>(token, 'GET', `GetCurrentStayByLocationID?locationID=${row.locationID}`);
    const guest = stay!.guest!;
    const page = await browser.signedIn(demo.manager);
    const tr = await openRow(page, site.siteID, row.locationDescription);
    await tr.getByRole('button', { name: `Actions for ${row.locationDescription}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Location' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`${row.locationDescription}$`) });
    await expect.poll(() => dialog.getByLabel('Guest phone').inputValue()).toBe(guest.mobileNumber);
    expect(await dialog.getByLabel('First name').inputValue()).toBe(guest.firstName);
    expect(await dialog.getByLabel('Last name').inputValue()).toBe(guest.lastName ?? '');
    expect(await dialog.getByLabel('Email').inputValue()).toBe(guest.email ?? '');
    await page.context().close();
  });

  it('[SITE OWNER] checks a guest out and sees the stay in the history', async () => {
    const token = await apiToken(demo.owner);
    const { site, row } = await findLocation(
      token,
      (r) => r.isCheckedInState && !r.deleted && r.guestName !== null && answers(r),
    );
    const name = row.locationDescription;
    const page = await browser.signedIn(demo.owner);
    const tr = await openRow(page, site.siteID, name);
    await tr.getByText(row.guestName!).waitFor();

    await tr.getByRole('button', { name: `Check out of ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Check out' });
    await confirm.getByText(`Check the guest out of ${name}? Its services switch off.`).waitFor();
    // What each meter used so far: the figures the stay closes with.
    const usage = confirm.getByRole('table', { name: 'Usage so far' });
    await usage.waitFor();
    for (const meter of row.servicePoints) {
      await usage.getByRole('row').filter({ hasText: meter.servicePointName }).getByText(meter.unit).waitFor();
    }
    await confirm.getByRole('button', { name: 'Check Out' }).click();
    await page.getByText(CHECK_OUT_TOASTS).first().waitFor();
    await tr.getByRole('button', { name: `Check in at ${name}` }).waitFor();

    await tr.getByRole('button', { name: `View the history of ${name}` }).click();
    const meters = row.servicePoints.map((sp) => sp.servicePointName).join(', ');
    const history = page.getByRole('dialog', { name: `Location History (${meters})` });
    await history.getByText('Showing Previous Transactions').waitFor();
    const newest = history.getByRole('row').nth(1);
    await newest.getByText(row.guestName!).waitFor();
    expect(await newest.getByText('In-Use').count()).toBe(0);
    await page.context().close();
  });
});
