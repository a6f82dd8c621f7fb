/** The dashboard's public entry: its figures (shown on the admin panel too). */
export { PortfolioFigures } from './components/PortfolioFigures';
