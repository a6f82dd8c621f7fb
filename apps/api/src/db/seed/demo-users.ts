import { Role } from '@portal/contract';
import type { Tx } from '../client';
import { contacts, userAccounts, userAccountSites } from '../schema';

export const demoAccounts = [
  {
    role: 'Administrator',
    roleId: Role.Administrator,
    email: 'admin@demo.local',
    password: 'Admin#2026',
    firstName: 'Ada',
    lastName: 'Admin',
  },
  {
    role: 'Site Owner',
    roleId: Role.SiteOwner,
    email: 'owner@demo.local',
    password: 'Owner#2026',
    firstName: 'Owen',
    lastName: 'Owner',
  },
  {
    role: 'Site Manager',
    roleId: Role.SiteManager,
    email: 'manager@demo.local',
    password: 'Manager#2026',
    firstName: 'Mia',
    lastName: 'Manager',
  },
] as const;

export async function insertUsers(
  tx: Tx,
  ownerBusiness: number,
  managerSites: number[],
  hashes: string[],
): Promise<void> {
  for (const [i, a] of demoAccounts.entries()) {
    const [contact] = await tx
      .insert(contacts)
      .values({ email: a.email, firstName: a.firstName, lastName: a.lastName, cellPhone: '(555) 010-000' + (i + 1) })
      .returning({ id: contacts.id });
    const [user] = await tx
      .insert(userAccounts)
      .values({
        contactId: contact!.id,
        email: a.email,
        passwordHash: hashes[i]!,
        roleId: a.roleId,
        busEntityId: a.roleId === Role.Administrator ? null : ownerBusiness,
      })
      .returning({ id: userAccounts.id });
    if (a.roleId === Role.SiteManager) {
      await tx.insert(userAccountSites).values(managerSites.map((siteId) => ({ userAccountId: user!.id, siteId })));
    }
  }
}
