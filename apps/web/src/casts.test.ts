import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The web app's lint configuration refuses a cast through unknown, in the app and in its tests. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({
  cwd: repoRoot,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function problemsWith(file: string, added: string): Promise<string[]> {
  const filePath = fileURLToPath(new URL(file, import.meta.url));
  const [result] = await eslint.lintText(`${readFileSync(filePath, 'utf8')}\n${added}\n`, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

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
