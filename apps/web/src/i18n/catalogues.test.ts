import { LANGUAGES, messages } from '@portal/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const catalogues: Record<string, Tree> = import.meta.glob<Tree>('./locales/*.json', { eager: true, import: 'default' });
const byLanguage = new Map(
  Object.entries(catalogues).map(([path, tree]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), tree]),
);

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\w+\}\}/g)].map((m) => m[0]).sort();

const english = leaves(byLanguage.get('en') ?? {});
const others = LANGUAGES.filter((language) => language !== 'en');

describe('message catalogues', () => {
  it('exist for every language of the portal', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it('hold every contract message in English, with the identical text', () => {
    for (const [code, text] of Object.entries(messages)) {
      expect(english.get(`msg.${code}`), `msg.${code}`).toBe(text);
    }
  });

  it.each(others)('%s has every English key, no other key, and the same placeholders', (language) => {
    const catalogue = leaves(byLanguage.get(language) ?? {});
    const missing = [...english.keys()].filter((key) => !catalogue.has(key));
    const extra = [...catalogue.keys()].filter((key) => !english.has(key));
    expect(missing, `keys missing in ${language}`).toEqual([]);
    expect(extra, `keys in ${language} that English lacks`).toEqual([]);
    for (const [key, text] of english) {
      const translated = catalogue.get(key) ?? '';
      expect(translated.trim(), `${language} ${key} is empty`).not.toBe('');
      expect(placeholders(translated), `${language} ${key}`).toEqual(placeholders(text));
    }
  });
});
