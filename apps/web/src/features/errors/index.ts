/** The error pages' public entry. */
export { ErrorContent } from './components/ErrorContent';
export { ErrorPage } from './ErrorPage';
