import type { ApiKeyScope, RoleId } from '@portal/contract';

/** What a request knows about its caller, loaded fresh from the database each time. */
export type Principal = {
  userAccountId: number;
  roleId: RoleId;
  busEntityId: number | null;
  /** Sites assigned to a Site Manager; empty for other roles. */
  assignedSiteIds: number[];
  /** The session the caller's token belongs to (sign-out ends it). */
  sessionId: string;
  /**
   * Set when the caller is an API key: it acts as a Site Manager of its properties, answerable
   * to the account that made it (`userAccountId`), and only in the calls its scopes name.
   */
  apiKey?: { id: number; name: string; scopes: readonly ApiKeyScope[] };
};
