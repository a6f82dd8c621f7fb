/** What other features use of meters: readings recorded by the usage rule, a meter's level and usage, the meters of locations. */
export { timeProblem, type AdmittedMeter } from './admission';
export { recordReadings } from './readings';
export { metersOfLocations, metersOfSelection, readingValues, setMonitoringIn } from './service';
export { estimateAt, levelBefore, levelReadingBefore, offTheLine, totalBefore, usageBetween } from './usage';
export { recordStayReadings } from './stay-readings';
