import { describe, expect, it } from 'vitest';
import { syntaxProblems } from './test/syntaxProblems';

/** The web app's lint configuration refuses a cast through unknown, in the app and in its tests. */
const problemsWith = (file: string, added: string) => syntaxProblems(new URL(file, import.meta.url), added);

const refused = expect.stringMatching(/^no-restricted-syntax: No cast through unknown/);

describe('casts in the web app', { timeout: 30_000 }, () => {
  it.each(['./lib/json.ts', './ui/PropertyTime.tsx', './lib/api.test.ts'])(
    'refuses a cast through unknown in %s',
    async (file) => {
      expect(await problemsWith(file, 'export const n = (1 as unknown as string).length;')).toEqual([refused]);
    },
  );

  it('allows a cast to unknown, and a plain one', async () => {
    expect(
      await problemsWith('./lib/json.ts', "export const n = (1 as unknown);\nexport const k = 'a' as 'a';"),
    ).toEqual([]);
  });
});
