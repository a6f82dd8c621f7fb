/** The appearance feature's public entry: the signed-in user's colours, read by the app shell. */
export { saveAppearance } from './appearance';
export { useAppearance } from './useAppearance';
