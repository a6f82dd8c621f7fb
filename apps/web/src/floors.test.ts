import { describe, expect, it } from 'vitest';
import { importProblems } from '../../../scripts/import-problems';

/**
 * The repository's lint configuration refuses an import that goes up the floors
 * (lib ← i18n ← ui ← features ← app), one that reaches into another feature's files,
 * and an import cycle. Each case lints a real file with one import added.
 */
const problemsWith = (file: string, addedImport: string) => importProblems(new URL(file, import.meta.url), addedImport);

describe('the floors of the web app', { timeout: 30_000 }, () => {
  it.each([
    ['lib → ui', './lib/json.ts', "export { toast } from '../ui/toast';"],
    ['lib → app', './lib/storage.ts', "export { theme } from '../app/theme';"],
    ['i18n → ui', './i18n/messages.ts', "export { toast } from '../ui/toast';"],
    ['ui → features', './ui/PageTitle.tsx', "export { useMe } from '../features/auth';"],
    ['features → app', './features/users/hooks.ts', "export { theme } from '../../app/theme';"],
    [
      "a feature → another feature's file",
      './features/sites/hooks.ts',
      "export { naturalCompare } from '../locations/rows';",
    ],
    [
      "a feature's component → another feature's component",
      './features/alerts/components/AlertsTable.tsx',
      "export { SiteAccordion } from '../../sites/components/SiteAccordion';",
    ],
  ])('refuses %s', async (_case, file, addedImport) => {
    const problems = await problemsWith(file, addedImport);
    expect(problems).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
  });

  it.each([
    ['lib → lib', './lib/json.ts', "export { storageKeys } from './storage';"],
    [
      'ui → lib and i18n',
      './ui/PageTitle.tsx',
      "export { ApiError } from '../lib/apiError';\nexport { i18n } from '../i18n';",
    ],
    [
      "a feature → another feature's public entry",
      './features/sites/hooks.ts',
      "export { LocationsTable } from '../locations';",
    ],
  ])('allows %s', async (_case, file, addedImport) => {
    expect(await problemsWith(file, addedImport)).toEqual([]);
  });

  it("refuses app → a feature's file, statically", async () => {
    const problems = await problemsWith(
      './app/layout/UserMenu.tsx',
      "export { useMe } from '../../features/auth/useMe';",
    );
    expect(problems).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it("allows app to load a feature's page lazily", async () => {
    const lazyPage = "export const page = () => import('../features/terms/TermsPage');";
    expect(await problemsWith('./app/pages.ts', lazyPage)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // session.ts reads the stored login through storage.ts: storage importing session closes a circle.
    const problems = await problemsWith('./lib/storage.ts', "export { endSession } from './session/session';");
    expect(problems).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });
});
