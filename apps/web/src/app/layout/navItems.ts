import { Permission } from '@portal/contract';
import {
  IconBell,
  IconBuildingCommunity,
  IconGauge,
  IconLayoutDashboard,
  IconReceipt,
  IconUsers,
} from '@tabler/icons-react';

/** The side menu: each entry shows only when the role has its permission. */
export const navItems = [
  { to: '/dashboard', label: 'nav.dashboard', permission: Permission.Dashboard, icon: IconGauge },
  { to: '/AdminPanel', label: 'nav.adminPanel', permission: Permission.AdminPanel, icon: IconLayoutDashboard },
  {
    to: '/MySites',
    label: 'nav.manageProperties',
    permission: Permission.ManageProperties,
    icon: IconBuildingCommunity,
  },
  { to: '/UserList', label: 'nav.manageUsers', permission: Permission.ManageUsers, icon: IconUsers },
  { to: '/Transaction', label: 'nav.transactions', permission: Permission.ManageTransactions, icon: IconReceipt },
  { to: '/Alerts', label: 'nav.alerts', permission: Permission.Dashboard, icon: IconBell },
] as const;
