import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

// Issue 31: MQTT_DYNSEC=on has Fleetport provision a Mosquitto broker (docs/device-protocol.md,
// "Mosquitto (dynamic security)"); a setting that cannot work is refused at boot, in words.

const MOSQUITTO = 'mqtt://fleetport:admin-password@mosquitto:1883';

describe('MQTT_DYNSEC (config validated at boot)', () => {
  it('is off unless said, and on with an external broker whose URL names its admin client', () => {
    expect(readConfig({}).MQTT_DYNSEC).toBe('off');
    expect(readConfig({ MQTT_URL: MOSQUITTO, MQTT_DYNSEC: 'on' }).MQTT_DYNSEC).toBe('on');
  });

  it('refuses it without MQTT_URL: there is no broker to provision', () => {
    expect(() => readConfig({ MQTT_DYNSEC: 'on' })).toThrow(
      'MQTT_DYNSEC: MQTT_DYNSEC=on provisions the Mosquitto broker that MQTT_URL names: set MQTT_URL too',
    );
  });

  it("refuses an MQTT_URL without the admin client's user name and password", () => {
    for (const url of ['mqtt://mosquitto:1883', 'mqtt://fleetport@mosquitto:1883']) {
      expect(() => readConfig({ MQTT_URL: url, MQTT_DYNSEC: 'on' })).toThrow(
        "MQTT_URL: MQTT_DYNSEC=on needs a user name and password in MQTT_URL (mqtt://user:password@host): the dynamic-security plugin's admin client (mosquitto_ctrl dynsec init)",
      );
    }
  });

  it("refuses it beside EMQX's hooks, and any value but on and off", () => {
    expect(() =>
      readConfig({
        MQTT_URL: MOSQUITTO,
        MQTT_DYNSEC: 'on',
        DEVICE_HOOKS_PORT: '8991',
        DEVICE_HOOKS_SECRET: 'a-shared-secret-of-at-least-32-chars-00',
      }),
    ).toThrow('MQTT_DYNSEC is for a Mosquitto broker and DEVICE_HOOKS_PORT for EMQX: set one of them');
    expect(() => readConfig({ MQTT_URL: MOSQUITTO, MQTT_DYNSEC: 'yes' })).toThrow(/MQTT_DYNSEC/);
  });
});
