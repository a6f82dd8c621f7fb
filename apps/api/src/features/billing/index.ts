/** What other features use of billing: statements frozen and totalled, rates, the figures of stays. */
export { freezeStatements, ratesFromSettings, settleStatements, statementTotals, tariffVersionNumber } from './service';
export { refreshStayFigures, stayFigures, stayMeterUsage, type StayFiguresDbRow } from './stay-figures';
export { reviseStaysOfMeter } from './revisions';
