import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveAppearance, useAppearance } from '../../features/appearance';

/** Light/dark switch; for a signed-in user it is the skin of their saved appearance. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const { effective, userAccountID } = useAppearance();
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('header.switchToDark') : t('header.switchToLight');

  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => {
        setColorScheme(next);
        if (userAccountID !== null) saveAppearance(userAccountID, { ...effective, skin: next });
      }}
    >
      {next === 'dark' ? <IconMoon size={18} aria-hidden /> : <IconSun size={18} aria-hidden />}
    </ActionIcon>
  );
}
