/** What other features use of auth: the links that set a password. */
export { createInviteToken, setPasswordLink } from './service';
