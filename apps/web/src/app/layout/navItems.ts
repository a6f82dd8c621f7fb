import { Permission } from '@portal/contract';
import {
  IconBell,
  IconBuildingCommunity,
  IconGauge,
  IconLayoutDashboard,
  IconPlugConnected,
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
  // API keys are made by whoever manages the business's users: an Administrator, a Site Owner
  { to: '/Integrations', label: 'nav.integrations', permission: Permission.ManageUsers, icon: IconPlugConnected },
  { to: '/Transaction', label: 'nav.transactions', permission: Permission.ManageTransactions, icon: IconReceipt },
  { to: '/Alerts', label: 'nav.alerts', permission: Permission.Dashboard, icon: IconBell },
] as const;
