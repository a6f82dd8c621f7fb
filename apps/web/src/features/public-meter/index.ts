/** The public meter page's public entry: the gate the router puts in front of it. */
export { MeterHostGate } from './MeterHostGate';
