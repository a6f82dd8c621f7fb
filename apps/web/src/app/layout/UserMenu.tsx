import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconPalette, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../features/auth';

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

/** The signed-in user's menu: profile, change password, appearance, sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: account } = useMe();
  const name = account ? `${account.firstName} ${account.lastName}`.trim() : '';

  return (
    <Menu position="bottom-end" width={220} withArrow shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('header.userMenu')} p={4}>
          <Group gap={6} wrap="nowrap">
            <Avatar size={30} radius="xl" color="blue" aria-hidden>
              {account ? initials(account.firstName, account.lastName) : <IconUser size={16} />}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {account && (
          <Menu.Label>
            <Text size="xs" truncate>
              {account.email}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
          {t('header.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/profile#change-password" leftSection={<IconKey size={16} aria-hidden />}>
          {t('header.changePassword')}
        </Menu.Item>
        <Menu.Item component={Link} to="/appearance" leftSection={<IconPalette size={16} aria-hidden />}>
          {t('header.appearance')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
