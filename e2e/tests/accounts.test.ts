import { describe, expect, it } from 'vitest';
import { launchForFile, mailedLink, signIn } from '../support/browser';

const browser = launchForFile();

describe('accounts', () => {
  it('[VISITOR] registers, is told to follow the mail, signs in and is told the account awaits approval', async () => {
    const page = await browser.newPage();
    await page.goto('/auth/registration');
    await page.getByLabel('Full name').fill('Riley Register');
    await page.getByLabel('Email').fill('riley@example.com');
    await page.getByLabel('Username').fill('riley');
    await page.getByLabel('Password', { exact: true }).fill('Riley#2026');
    await page.getByLabel('Confirm Password').fill('Riley#2027');
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('I agree to the terms and conditions').check();
    await submit.click();
    await page.getByText("Password and Confirm Password didn't match.").waitFor();
    await page.getByLabel('Confirm Password').fill('Riley#2026');
    await submit.click();
    await page.getByRole('status').getByText('We have sent you an e-mail: follow it to sign in.').waitFor();
    await signIn(page, { email: 'riley@example.com', password: 'Riley#2026' });
    await page.waitForURL('**/awaiting-approval');
    await page.context().close();
  });

  it('[SITE OWNER] forgets the password and sets a new one through the mailed link', async () => {
    const page = await browser.newPage();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Forgot Password ?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Email').fill('owner@demo.local');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    const link = await mailedLink('owner@demo.local');
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm Password').fill('weak');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page
      .getByText(
        'Password must have minimum 8 characters, having at least one uppercase, one lowercase, one digit and one special character.',
      )
      .first()
      .waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Owner#2026');
    await page.getByLabel('Confirm Password').fill('Owner#2026');
    await page.getByRole('button', { name: 'Set Password' }).click();

    await signIn(page, { email: 'owner@demo.local', password: 'Owner#2026' });
    await page.waitForURL('**/MySites');
    await page.context().close();

    const again = await browser.newPage();
    await again.goto(link);
    await again.getByText('Invalid token is provided.').waitFor();
    await again.context().close();
  });
});
