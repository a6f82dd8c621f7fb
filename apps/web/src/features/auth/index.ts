/** The auth feature's public entry: what other features and the app shell may use. */
export { WelcomePanel } from './components/WelcomePanel';
export { useChangePassword } from './hooks';
export { LogoutPage } from './LogoutPage';
export { useMe } from './useMe';
