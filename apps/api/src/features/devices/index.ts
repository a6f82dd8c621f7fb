/** What other features use of devices: commands queued and handed over, the relays a command takes, device events, the monitors. */
export { lastBrokerDropped } from './broker-drops';
export { deviceEvents } from './ingest';
export { flagUnbilledUsage } from './monitor';
export { commandsFor, isDisconnect } from './relays';
export { awaitConfirmation, handOver, queueControls, type Queued } from './service';
