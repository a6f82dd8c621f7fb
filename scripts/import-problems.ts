import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * The repository's import rules, as the floors tests of the server and the web app use them:
 * only the import-x rules and `no-restricted-imports`, which need no type information (no
 * TypeScript program to build).
 */
const eslint = new ESLint({
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/') || ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** What the import rules say of a real file of the repository with one import added at its top. */
export async function importProblems(file: URL, addedImport: string): Promise<string[]> {
  const filePath = fileURLToPath(file);
  const code = `${addedImport}\n${readFileSync(filePath, 'utf8')}`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}
