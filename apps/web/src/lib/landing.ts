import { Role, type RoleId, homePath } from '@portal/contract';

/** Where a signed-in user belongs: an account without a role waits for approval. */
export function landingPath(role: RoleId): string {
  return role === Role.None ? '/awaiting-approval' : homePath(role);
}

/** The only pages an account without a role may open. */
export const pagesWithoutRole: readonly string[] = ['/awaiting-approval', '/profile', '/appearance'];
