import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contract';
import { readStored, storageKeys, writeStored } from '../lib/storage';
import en from './locales/en.json';

/**
 * English is bundled (it is the default and the fallback); the other catalogues are
 * fetched when first chosen, so they cost nothing to users who never pick them.
 */
type Catalogue = typeof en;
const catalogueLoaders = import.meta.glob<Catalogue>(['./locales/*.json', '!./locales/en.json'], { import: 'default' });

/** Each language's own name, as its speakers look for it in the selector. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  zh: '中文',
};

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
  });
  const chosen = readStored(storageKeys.language, isLanguage);
  if (chosen && chosen !== DEFAULT_LANGUAGE) await changeLanguage(chosen);
}

/** Switches the language, loading its catalogue first, and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const load = catalogueLoaders[`./locales/${language}.json`];
    if (load) i18n.addResourceBundle(language, 'translation', await load());
  }
  await i18n.changeLanguage(language);
  writeStored(storageKeys.language, language);
  document.documentElement.lang = language;
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

export { i18n };
