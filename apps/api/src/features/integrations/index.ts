/** What other features use of integrations: the caller an API key names (auth's session). */
export { keyPrincipal, looksLikeKey } from './keys';
