import { describe, expect, it } from 'vitest';
import { syntaxProblems } from './test/syntaxProblems';

/**
 * Every time of day the app shows names its zone: the repository's lint configuration refuses a
 * time formatted anywhere but ui/PropertyTime.tsx. Each case lints a real file with one line added.
 */
const problemsWith = (file: string, added: string) => syntaxProblems(new URL(file, import.meta.url), added);

const zoneRule = expect.stringMatching(/^no-restricted-syntax: A time of day goes through ui\/PropertyTime/);

describe('times on screen', { timeout: 30_000 }, () => {
  it.each([
    [
      'a date-time format',
      "export const f = new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' });",
    ],
    ['an hour format', "export const f = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });"],
    ['a date as local text', "export const f = new Date().toLocaleString('en', { timeStyle: 'short' });"],
    ['a local time of day', "export const f = new Date().toLocaleTimeString('en');"],
  ])('refuses %s outside PropertyTime', async (_case, added) => {
    expect(await problemsWith('./features/alerts/alertText.tsx', added)).toEqual([zoneRule]);
  });

  it.each([
    [
      'a date without its time',
      "export const f = new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' });",
    ],
    ['a number as local text', "export const f = (1234.5).toLocaleString('en', { maximumFractionDigits: 2 });"],
  ])('allows %s', async (_case, added) => {
    expect(await problemsWith('./features/alerts/alertText.tsx', added)).toEqual([]);
  });

  it('allows the one place that formats times', async () => {
    expect(await problemsWith('./ui/PropertyTime.tsx', '')).toEqual([]);
  });
});
