import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Features use one another in one direction only. A file-level check (import-x/no-cycle,
 * madge) does not see a loop through the features' index.ts: sites' menu importing alerts'
 * dialog while alerts' page imports sites' hooks closes no circle of files, yet neither
 * feature can be understood, tested or moved without the other. This walks the imports of
 * every feature's files (tests aside) and looks for a loop between the features.
 */
const featuresDir = fileURLToPath(new URL('./features', import.meta.url));

type Source = { file: string; code: string };

function sourcesOf(dir: string): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [{ file, code: readFileSync(file, 'utf8') }];
  });
}

/** The feature a path lies in, or null outside features/. */
function featureOf(path: string): string | null {
  const inside = relative(featuresDir, path);
  return inside.startsWith('..') ? null : (inside.split(sep)[0] ?? null);
}

/** Which features each feature imports, statically or with import(). */
function featureGraph(sources: readonly Source[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, code } of sources) {
    const from = featureOf(file)!;
    const uses = graph.get(from) ?? new Set<string>();
    graph.set(from, uses);
    for (const { fileName } of ts.preProcessFile(code, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = featureOf(resolve(dirname(file), fileName));
      if (to !== null && to !== from) uses.add(to);
    }
  }
  return graph;
}

/** Each loop once, as the features in it from the first by name: `['alerts', 'sites']`. */
function loops(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const found = new Map<string, string[]>();
  const walk = (path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const first = loop.indexOf([...loop].sort()[0]!);
        const named = [...loop.slice(first), ...loop.slice(0, first)];
        found.set(named.join(' → '), named);
      } else walk([...path, next]);
    }
  };
  for (const feature of graph.keys()) walk([feature]);
  return [...found.values()].sort((a, b) => a.join().localeCompare(b.join()));
}

const sources = sourcesOf(featuresDir);

/** The sources with one line added to a file of a feature (relative to features/). */
function withImport(file: string, line: string): Source[] {
  const path = join(featuresDir, file);
  return sources.map((s) => (s.file === path ? { file: s.file, code: `${line}\n${s.code}` } : s));
}

describe('the features', () => {
  it('use one another one way: no loop between them', () => {
    expect(loops(featureGraph(sources))).toEqual([]);
  });

  it.each([
    [
      "a feature's public entry",
      'alerts/AlertsPage.tsx',
      "export { useSiteActions } from '../sites';",
      ['alerts', 'sites'],
    ],
    ["a feature's file", 'auth/useMe.ts', "export { useUserAccounts } from '../users/hooks';", ['auth', 'users']],
  ])('finds a loop closed through %s', (_case, file, line, loop) => {
    expect(loops(featureGraph(withImport(file, line)))).toEqual([loop]);
  });
});
