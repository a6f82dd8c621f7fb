/** The dashboard's public entry: its figures (shown on the admin panel too). */
export { PortfolioFigures } from './components/PortfolioFigures';
/** An alert's text from its kind and parameters (the Alerts page lists them too). */
export { AlertText } from './alertText';
