import { NavLink } from '@mantine/core';
import { hasPermission } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { roleOf } from '../../lib/session/session';
import { useLogin } from '../../lib/session/useLogin';
import { navItems } from './navItems';

/** The entries of the side menu the signed-in role may open. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const login = useLogin();
  if (!login) return null;
  const role = roleOf(login);
  const items = navItems.filter((item) => hasPermission(role, item.permission));

  return (
    <nav aria-label={t('nav.mainMenu')}>
      {items.map((item) => {
        const active = pathname.toLowerCase().startsWith(item.to.toLowerCase());
        return (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={t(item.label)}
            leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
          />
        );
      })}
    </nav>
  );
}
