import type { MqttClient } from 'mqtt';

type Packet = { cmd: string; messageId?: number };
type SendPacket = (packet: Packet, cb?: (err?: Error) => void, ...rest: unknown[]) => void;

/**
 * Holds back the acknowledgement (PUBACK) of each QoS 1 message until the gateway says the
 * message is stored, so that a message the process received but did not store is sent again
 * by the broker after a crash.
 *
 * mqtt.js (5.x) handles incoming messages one at a time: it takes the next only once the
 * PUBACK of the previous one is written. Delaying that PUBACK with its `customHandleAcks`
 * or `handleMessage` hooks would store one message a transaction. Here the PUBACK mqtt.js
 * sends goes through its `_sendPacket`, which is wrapped: mqtt.js is told it was written,
 * takes the next message, and the packet is written when `release` is called. A held
 * PUBACK of a connection that closed is dropped: the broker sends that message again on
 * the next connection, where its packet id may already name another message.
 */
export function holdAcknowledgements(client: MqttClient): { releaser(messageId: number | undefined): () => void } {
  const target = client as unknown as { _sendPacket?: SendPacket };
  if (typeof target._sendPacket !== 'function')
    throw new Error('mqtt.js has no _sendPacket: check gateway/held-acks.ts against its version');
  const send = target._sendPacket.bind(client);
  let connection = 0;
  const held = new Map<number, Packet>();
  const released = new Set<number>();
  client.on('close', () => {
    connection += 1;
    held.clear();
    released.clear();
  });
  target._sendPacket = (packet, cb, ...rest) => {
    if (packet.cmd !== 'puback' || packet.messageId === undefined) return send(packet, cb, ...rest);
    if (released.delete(packet.messageId)) send(packet);
    else held.set(packet.messageId, packet);
    cb?.();
  };
  return {
    /** For a message just received: the function that acknowledges it (QoS 0 messages have nothing to acknowledge). */
    releaser(messageId) {
      const of = connection;
      return () => {
        if (messageId === undefined || of !== connection) return;
        const packet = held.get(messageId);
        if (!packet) return void released.add(messageId);
        held.delete(messageId);
        send(packet);
      };
    },
  };
}
