import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * The repository's `no-restricted-syntax` rules (the web app's times and casts), which need no
 * type information: no TypeScript program to build.
 */
const eslint = new ESLint({
  cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** What those rules say of a real file of the web app with code added at its end. */
export async function syntaxProblems(file: URL, added: string): Promise<string[]> {
  const filePath = fileURLToPath(file);
  const [result] = await eslint.lintText(`${readFileSync(filePath, 'utf8')}\n${added}\n`, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}
