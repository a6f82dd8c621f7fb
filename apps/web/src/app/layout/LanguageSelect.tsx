import { NativeSelect } from '@mantine/core';
import { LANGUAGES } from '@portal/contract';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, languageNames } from '../../i18n';
import { errorMessage } from '../../i18n/messages';
import { toast } from '../../ui/toast';

const options = LANGUAGES.map((language) => ({ value: language, label: languageNames[language] }));

/** The language of the whole app; the choice is remembered in this browser. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('header.language')}
      value={i18n.resolvedLanguage}
      data={options}
      size="xs"
      w={118}
      leftSection={<IconLanguage size={16} aria-hidden />}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isLanguage(language))
          changeLanguage(language).catch((error: unknown) => toast.error(errorMessage(t, error)));
      }}
    />
  );
}
