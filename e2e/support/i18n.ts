import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** The portal's languages, and their catalogues as the web app ships them. */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
const catalogues = new Map<Language, Tree>();

/** A text of a catalogue by its key ('locations.reasons.noMeter'), with its {{placeholders}} filled in. */
export function text(language: Language, key: string, params: Record<string, string | number> = {}): string {
  let tree = catalogues.get(language);
  if (!tree) {
    const path = join(import.meta.dirname, `../../apps/web/src/i18n/locales/${language}.json`);
    tree = JSON.parse(readFileSync(path, 'utf8')) as Tree;
    catalogues.set(language, tree);
  }
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The page opens in this language from its next navigation on (the choice the language selector stores). */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('portal.language', JSON.stringify(l)), language);
}
