import type { BrokerDropped, DeviceCommand, DeviceEvents, DeviceGateway } from '../gateway/gateway';

/** A device gateway the tests drive: it records commands and lets a test answer them. */
export class TestGateway implements DeviceGateway {
  sent: DeviceCommand[] = [];
  events: DeviceEvents | undefined;
  /** Answer every command at once with this result code; undefined leaves them unanswered. */
  autoAnswer: number | undefined = undefined;
  /** The broker's dropped-message count, as a test says the gateway read it. */
  brokerDropped: BrokerDropped | null = null;

  async start(events: DeviceEvents) {
    this.events = events;
  }
  async stop() {}
  async send(command: DeviceCommand) {
    this.sent.push(command);
    if (this.autoAnswer !== undefined) {
      const code = this.autoAnswer;
      setTimeout(() => void this.answer(command.messageId, code), 5);
    }
  }
  status() {
    return { ok: true, kind: 'simulated' as const, detail: 'test gateway', brokerDropped: this.brokerDropped };
  }

  /** The meter answers a command. */
  async answer(messageId: number, resultCode: number) {
    const cmd = this.sent.find((c) => c.messageId === messageId);
    if (!cmd || !this.events) throw new Error(`no command ${messageId} was sent`);
    await this.events.acks([{ messageId, deviceKey: cmd.deviceKey, resultCode, at: new Date() }]);
  }
}
