import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveEvent, routes } from '@portal/contract';

const ROOT = join(import.meta.dirname, '../../../..');
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/contract/src', 'bench', 'scripts'];

/** The production files of the repository: sources, not tests or their helpers. */
function productionFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'test') walk(path);
      } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
    }
  };
  for (const dir of SOURCES) walk(join(ROOT, dir));
  return out.map((p) => relative(ROOT, p));
}

const files = productionFiles().map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
const filesNaming = (name: string) =>
  files.filter((f) => new RegExp(`(?<![A-Za-z0-9])${name}(?![A-Za-z0-9])`).test(f.text)).map((f) => f.path);

/** The calls' names: the last word of each path when it is a compound name (GetAllStates; not me, Host or Statement, words prose uses too). */
const callNames = [
  ...new Set(
    Object.values(routes)
      .flatMap((feature) => Object.values(feature))
      .map((r) => r.path.split('/').pop()!)
      .filter((name) => !name.startsWith(':') && /[a-z][A-Z]/.test(name)),
  ),
];

describe('names written once', () => {
  it('finds the production files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(callNames.length).toBeGreaterThan(70);
  });

  it.each(callNames)('the call %s is named in the route table only', (name) => {
    expect(filesNaming(name)).toEqual(['packages/contract/src/api/routes.ts']);
  });

  it.each([liveEvent.locationChanged, liveEvent.siteChanged])(
    "the specification's live event %s is named in live-event-names.ts only",
    (name) => {
      expect(filesNaming(name)).toEqual(['packages/contract/src/live-event-names.ts']);
    },
  );
});
