import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { demo, launchForFile, mailedLink } from '../support/browser';
import { api, apiToken, visibleSites } from '../support/locations';

const browser = launchForFile();

/** Unique per run, so that the flow also passes against a server that ran it before. */
const run = Date.now().toString(36).slice(-5);

describe('Scheduled Reports', () => {
  it('[SITE OWNER] schedules a report to a colleague and an outside address, which confirms by the mailed link before anything else is mailed to it', async () => {
    const outside = `books-${run}@example.com`;
    const desk = await browser.signedIn(demo.owner);
    await desk.getByRole('button', { name: 'Actions for Pine Lake RV Resort' }).click();
    await desk.getByRole('menuitem', { name: 'Scheduled Reports' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Scheduled Reports - Pine Lake RV Resort' });
    await dialog.getByRole('button', { name: 'New schedule' }).click();
    await dialog.getByRole('combobox', { name: /^Report/ }).selectOption({ label: 'Usage by Location' });
    await dialog.getByText(/^Addresses outside the business get the report only once/).waitFor();
    await dialog.getByRole('textbox', { name: /^Recipients/ }).pressSequentially(`${demo.manager.email},${outside},`);
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await desk.getByText('The scheduled report has been saved.').first().waitFor();

    const recipients = dialog
      .getByRole('list', { name: 'Recipients of Usage by Location' })
      .filter({ hasText: outside });
    const item = (email: string) => recipients.getByRole('listitem').filter({ hasText: email });
    expect(await item(demo.manager.email).textContent()).toBe(demo.manager.email);
    expect(await item(outside).textContent()).toBe(`${outside}Waiting for confirmation`);

    // The outside address, in a browser of its own: the page says whose reports, and confirms on the button only.
    const link = await mailedLink(outside, 10_000, /\/report-recipient\/[\w-]+/);
    const mailbox = await browser.newPage({ width: 390, height: 800 });
    await mailbox.goto(link);
    await mailbox
      .getByText(
        `Pine Lake RV Resort would like to mail its scheduled reports to ${outside}. Nothing is mailed to this address until you confirm.`,
      )
      .waitFor();
    expect(await seriousViolations(mailbox)).toEqual([]);
    await mailbox.getByRole('button', { name: 'Confirm' }).click();
    await mailbox
      .getByText(`Confirmed: the scheduled reports of Pine Lake RV Resort will be mailed to ${outside}.`)
      .waitFor();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await desk.getByRole('button', { name: 'Actions for Pine Lake RV Resort' }).click();
    await desk.getByRole('menuitem', { name: 'Scheduled Reports' }).click();
    await dialog
      .getByRole('list', { name: 'Recipients of Usage by Location' })
      .getByRole('listitem')
      .filter({ hasText: `${outside}Confirmed` })
      .waitFor();

    // leave the property as it was: its schedules are few (at most 20)
    const token = await apiToken(demo.owner);
    const pine = (await visibleSites(token)).find((s) => s.sitePublicName === 'Pine Lake RV Resort')!;
    const schedules = await api<Array<{ scheduleID: number; recipients: string[] }>>(
      token,
      'GET',
      `Report/GetSchedules?siteID=${pine.siteID}`,
    );
    for (const s of schedules.filter((x) => x.recipients.includes(outside)))
      await api(token, 'DELETE', `Report/DeleteSchedule?id=${s.scheduleID}`);
    await desk.context().close();
    await mailbox.context().close();
  });
});
