import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('defaults to the embedded database with demo data', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/portal-config-test' });
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, demo: true });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test' }).jwtSecret).toBe(c.jwtSecret);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test', DATABASE_URL: '', DEMO: '' }).demo).toBe(true);
  });

  it('turns demo mode off with a server database unless asked', () => {
    const base = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).demo).toBe(false);
    expect(loadConfig({ ...base, DEMO: '1' }).demo).toBe(true);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });

  it('requires a shared secret with a server database', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/JWT_SECRET/);
  });

  it('names the instance and the deployment on the MQTT broker from what is stable, unless set', () => {
    const embedded = loadConfig({ DATA_DIR: '/tmp/portal-config-test', PORT: '3001' });
    expect(embedded.mqtt.clientId).toBe(`portal-${hostname()}-3001`.replace(/[^\w.-]+/g, '-'));
    expect(embedded.mqtt.shareGroup).toBe(embedded.mqtt.clientId);
    expect(embedded.mqtt.sessionExpirySeconds).toBe(3_600);
    expect(embedded.clockSkewSeconds).toBe(300);
    const server = { DATABASE_URL: 'postgres://u:p@db.internal:5432/portal', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(server).mqtt.shareGroup).toBe('portal-db.internal-5432-portal');
    expect(loadConfig({ ...server, PUBLIC_URL: 'https://portal.example.com' }).mqtt.shareGroup).toBe(
      'portal-portal.example.com',
    );
    expect(
      loadConfig({ ...server, MQTT_CLIENT_ID: 'portal-a', MQTT_SHARE_GROUP: 'prod', CLOCK_SKEW_SECONDS: '60' }),
    ).toMatchObject({ mqtt: { clientId: 'portal-a', shareGroup: 'prod' }, clockSkewSeconds: 60 });
  });

  it('refuses MQTT names with wildcards or separators', () => {
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/portal-config-test', MQTT_SHARE_GROUP: 'a/b', MQTT_CLIENT_ID: '#' }),
    ).toThrow(/MQTT_CLIENT_ID[\s\S]*MQTT_SHARE_GROUP/);
  });

  it("puts the deployment's meter topics under MQTT_TOPIC_PREFIX: meters unless set", () => {
    const at = (prefix?: string) =>
      loadConfig({
        DATA_DIR: '/tmp/portal-config-test',
        ...(prefix === undefined ? {} : { MQTT_TOPIC_PREFIX: prefix }),
      }).mqtt.topicPrefix;
    expect(at()).toBe('meters');
    expect(at('staging/meters')).toBe('staging/meters');
    expect(at('site-7.eu:v2')).toBe('site-7.eu:v2');
  });

  it("reads the broker's dropped-message count where MQTT_DROPPED_TOPIC says: Mosquitto's unless set, nowhere when off", () => {
    const at = (topic?: string) =>
      loadConfig({ DATA_DIR: '/tmp/portal-config-test', ...(topic === undefined ? {} : { MQTT_DROPPED_TOPIC: topic }) })
        .mqtt.droppedTopic;
    expect(at()).toBe('$SYS/broker/publish/messages/dropped');
    expect(at('$SYS/brokers/+/metrics/messages/dropped')).toBe('$SYS/brokers/+/metrics/messages/dropped');
    expect(at('off')).toBeNull();
    for (const wrong of ['$SYS/#', '$SYS//dropped', '$SYS/a+/b', 'with space'])
      expect(() => at(wrong), wrong).toThrow(/MQTT_DROPPED_TOPIC/);
  });

  it.each(['meters/+', 'meters/#', '$SYS/meters', '/meters', 'meters/', 'a//b', 'with space', 'x'.repeat(101)])(
    'refuses the topic prefix %s',
    (prefix) => {
      expect(() => loadConfig({ DATA_DIR: '/tmp/portal-config-test', MQTT_TOPIC_PREFIX: prefix })).toThrow(
        /MQTT_TOPIC_PREFIX/,
      );
    },
  );
});
