import { Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { LanguageSelect } from './LanguageSelect';
import { UserMenu } from './UserMenu';

type Props = { className: string; navOpened: boolean; onToggleNav: () => void };

/** The top bar: menu button (narrow screens), brand, language, light/dark, user menu. */
export function Header({ className, navOpened, onToggleNav }: Props) {
  const { t } = useTranslation();
  return (
    <header className={className}>
      <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('nav.openMenu')}
            aria-expanded={navOpened}
          />
          <Brand />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LanguageSelect />
          <ColorSchemeToggle />
          <UserMenu />
        </Group>
      </Group>
    </header>
  );
}
