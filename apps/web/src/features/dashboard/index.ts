/** The dashboard's public entry: its figures (shown on the admin panel too), and its live events. */
export { PortfolioFigures } from './components/PortfolioFigures';
export { dashboardLive } from './live';
