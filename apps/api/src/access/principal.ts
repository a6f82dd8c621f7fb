import type { RoleId } from '@portal/contract';

/** What a request knows about its caller, loaded fresh from the database each time. */
export type Principal = {
  userAccountId: number;
  roleId: RoleId;
  busEntityId: number | null;
  /** Sites assigned to a Site Manager; empty for other roles. */
  assignedSiteIds: number[];
  /** The session the caller's token belongs to (sign-out ends it). */
  sessionId: string;
};
