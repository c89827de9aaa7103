import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ConfigReport, configReportSchema, SECRET_MASK } from '@fleetport/contracts/device-config';
import { type CommandResult, commandResultSchema } from '@fleetport/contracts/device-protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { operatorApn, simOperatorOf } from './config-reach.ts';
import { SimDevice } from './device.ts';
import type { SimTiming } from './device-connection.ts';
import { type DeviceProfile, generateFleet } from './fleet.ts';
import { newSecret, type SimDeviceProfile } from './fleet-manifest.ts';
import { observe, type Received, startBroker } from './testing/broker.ts';

/**
 * A unit's configuration over MQTT (docs/device-protocol.md "Configuration"): config.read,
 * config.write, the reports on `config/report`, changes made on the unit, and the rollback of
 * a change that cuts it off. A rollback_s of 30 s takes 5 ms at this time scale.
 */
const TIMING: Partial<SimTiming> = {
  rebootDelayMs: 50,
  reconnectPeriodMs: 200,
  configWaitMs: 100,
  timeScale: 6000,
  siteVisitMs: [150, 150],
};

const fleet: SimDeviceProfile[] = generateFleet(60, { seed: 22, troubledDevices: false }).map((device) => ({
  ...device,
  secret: newSecret(),
}));
const approved = new Map(fleet.map((device) => [device.serial, device]));
let broker: Awaited<ReturnType<typeof startBroker>>;
let observer: Awaited<ReturnType<typeof observe>>;

beforeAll(async () => {
  broker = await startBroker({ identityOf: (serial) => approved.get(serial) });
  observer = await observe(broker.url, 'fp/v1/#');
});
afterAll(async () => {
  await observer.close();
  await broker.close();
});

const taken = new Set<number>();
/** A unit no other test uses, started, once its hello and first report are in. */
async function online(match: (device: DeviceProfile) => boolean) {
  const profile = fleet.find(
    (device) => !taken.has(device.index) && device.role === 'standard' && match(device),
  );
  if (!profile) throw new Error('no unused device of that kind in the test fleet');
  taken.add(profile.index);
  const device = new SimDevice({ url: broker.url, profile, timing: TIMING });
  onTestFinished(() => device.stop());
  const from = observer.mark();
  device.start();
  const first = await report(device, from);
  return { device, from, first };
}
const router = (device: DeviceProfile) =>
  device.hardware.family === 'RUT' && device.hardware.bands.length === 2;
const accessPoint = (device: DeviceProfile) => device.hardware.family === 'TAP';

/** Sends a command; resolves with the device's answer in `state` (the first at or after now). */
async function command(device: SimDevice, body: Record<string, unknown>, state = 'done', id = randomUUID()) {
  const from = observer.mark();
  await observer.publish(device.topics.command, { v: 1, id, ...body });
  return { id, answer: await answer(device, id, state, from) };
}
async function answer(device: SimDevice, id: string, state: string, from: number): Promise<CommandResult> {
  const message = await observer.next((received) => {
    if (received.topic !== device.topics.commandResult) return false;
    const result = commandResultSchema.parse(received.json);
    return result.id === id && result.state === state;
  }, from);
  return commandResultSchema.parse(message.json);
}
async function report(device: SimDevice, from: number, by?: ConfigReport['by']): Promise<ConfigReport> {
  const message = await observer.next(
    (received) =>
      received.topic === device.topics.configReport &&
      (by === undefined || (received.json as ConfigReport).by === by),
    from,
  );
  expect(message.retain).toBe(false);
  return configReportSchema.parse(message.json);
}
const reportsOf = (device: SimDevice, from: number) =>
  observer.messages.slice(from).filter((message) => message.topic === device.topics.configReport);
const on = (topic: string) => (message: Received) => message.topic === topic;

describe('configuration over MQTT', { timeout: 20_000 }, () => {
  it('reports its whole tree after hello, by boot, secrets masked', async () => {
    const { device, from, first } = await online(router);

    const own = observer.messages
      .slice(from)
      .filter((message) => message.topic.startsWith(`fp/v1/${device.profile.serial}/`));

    expect(own[0]?.topic).toBe(device.topics.hello);
    expect(first).toMatchObject({ v: 1, revision: 0, by: 'boot' });
    expect(first.config['users.admin']).toEqual({ username: 'admin', password: SECRET_MASK });
    expect(first.config['wireless.ap0']?.key).toBe(SECRET_MASK);
    expect(Object.keys(first.config)).toEqual(
      expect.arrayContaining(['system', 'network.lan', 'network.mobile', 'ntp']),
    );
  });

  it('reads the whole tree, or one section, with its revision; an unknown section fails', async () => {
    const { device, first } = await online(router);

    const whole = await command(device, { action: 'config.read' });
    const ntp = await command(device, { action: 'config.read', section: 'ntp' });
    const unknown = await command(device, { action: 'config.read', section: 'modbus' }, 'failed');

    expect(whole.answer).toMatchObject({ state: 'done', revision: 0, config: first.config });
    expect(ntp.answer).toMatchObject({ state: 'done', revision: 0, values: first.config.ntp });
    expect(ntp.answer.config).toBeUndefined();
    expect(unknown.answer.error).toBe('unknown section "modbus"');
  });

  it('writes one section: done with the new revision, then a report by the console', async () => {
    const { device } = await online(router);
    const from = observer.mark();

    const written = await command(device, {
      action: 'config.write',
      section: 'ntp',
      values: { server: 'time.example.org' },
    });
    const reported = await report(device, from);
    const read = await command(device, { action: 'config.read', section: 'ntp' });

    expect(written.answer).toMatchObject({ state: 'done', revision: 1 });
    expect(reported).toMatchObject({
      revision: 1,
      by: 'console',
      config: { ntp: { server: 'time.example.org' } },
    });
    expect(read.answer.values).toMatchObject({ enabled: true, server: 'time.example.org' });
  });

  it('writes several sections as one change: one revision, one report', async () => {
    const { device, first } = await online(router);
    const from = observer.mark();
    const forward = {
      name: 'web',
      proto: 'tcp',
      src_dport: 8081,
      dest_ip: '192.168.1.9',
      dest_port: 80,
      enabled: true,
    };

    const written = await command(device, {
      action: 'config.write',
      changes: {
        ntp: { enabled: false },
        'wireless.ap0': { ssid: 'Depot 7' },
        'firewall.redirect7': forward,
      },
    });
    const reported = await report(device, from);
    await sleep(100);

    expect(written.answer).toMatchObject({ state: 'done', revision: 1 });
    expect(reportsOf(device, from)).toHaveLength(1);
    expect(reported.config).toMatchObject({
      ntp: { enabled: false, server: first.config.ntp?.server },
      'wireless.ap0': { ssid: 'Depot 7', key: SECRET_MASK },
      'firewall.redirect7': forward,
    });
    // The readings follow the configuration.
    const refresh = await command(device, { action: 'refresh' });
    const wireless = observer.messages.slice(from).find(on(device.topics.telemetry('wireless')));
    expect(refresh.answer.state).toBe('done');
    expect(wireless?.json).toMatchObject({
      data: { ssids: expect.arrayContaining([expect.objectContaining({ ssid: 'Depot 7' })]) },
    });
  });

  it('refuses an invalid write with the reason, and changes nothing', async () => {
    const { device, first } = await online(router);
    const from = observer.mark();

    const bad = await command(
      device,
      {
        action: 'config.write',
        changes: { ntp: { server: 'time.example.org' }, 'network.lan': { ipaddr: '192.168.1.300' } },
      },
      'failed',
    );
    const unknownOption = await command(
      device,
      { action: 'config.write', section: 'system', values: { colour: 'red' } },
      'failed',
    );
    const notRepeated = await command(device, { action: 'config.write', changes: { ntp: null } }, 'failed');
    const partial = await command(
      device,
      { action: 'config.write', changes: { 'firewall.redirect9': { name: 'x' } } },
      'failed',
    );
    const read = await command(device, { action: 'config.read' });

    expect(bad.answer.error).toBe('"network.lan.ipaddr": Enter an IPv4 address such as 192.168.1.1.');
    expect(unknownOption.answer.error).toBe('unknown option "system.colour"');
    expect(notRepeated.answer.error).toBe('"ntp" cannot be removed');
    expect(partial.answer.error).toMatch(/^"firewall\.redirect9\.proto": /);
    expect(read.answer).toMatchObject({ revision: 0, config: first.config });
    expect(reportsOf(device, from)).toEqual([]);
  });

  it('takes a new admin password and Wi-Fi key, and never reads them back', async () => {
    const { device } = await online(router);
    const from = observer.mark();

    const password = await command(device, {
      action: 'config.write',
      section: 'users.admin',
      values: { password: 'Lo9!zQ2#wE4$rT6%' },
    });
    const key = await command(device, {
      action: 'config.write',
      section: 'wireless.ap0',
      values: { key: 'correct-horse-battery' },
    });
    // The mask written back (a form sent unchanged) keeps the key: no change, no revision.
    const unchanged = await command(device, {
      action: 'config.write',
      section: 'wireless.ap0',
      values: { key: SECRET_MASK },
    });
    const read = await command(device, { action: 'config.read' });

    expect([password.answer.revision, key.answer.revision, unchanged.answer.revision]).toEqual([1, 2, 2]);
    expect(read.answer.config?.['users.admin']?.password).toBe(SECRET_MASK);
    expect(read.answer.config?.['wireless.ap0']?.key).toBe(SECRET_MASK);
    const sent = JSON.stringify(
      observer.messages.slice(from).filter((message) => message.topic !== device.topics.command),
    );
    expect(sent).not.toContain('Lo9!');
    expect(sent).not.toContain('correct-horse');
    expect(device.configuration().revision).toBe(2);
  });

  it('reports a change made on the unit itself (uci set, uci commit) with by local', async () => {
    const { device } = await online(router);
    const from = observer.mark();

    await command(device, { action: 'cli', command: "uci set ntp.server='ntp.site.example.org'" });
    await command(device, { action: 'cli', command: 'uci set dhcp.lan.leasetime_h=48' });
    await sleep(50);
    const staged = reportsOf(device, from);
    await command(device, { action: 'cli', command: 'uci commit' });
    const reported = await report(device, from);
    const shown = await command(device, { action: 'cli', command: 'uci show ntp' });

    expect(staged).toEqual([]);
    expect(reported).toMatchObject({
      revision: 1,
      by: 'local',
      config: { ntp: { server: 'ntp.site.example.org' }, 'dhcp.lan': { leasetime_h: 48 } },
    });
    expect(shown.answer.output).toContain("ntp.server='ntp.site.example.org'");
  });

  it('rolls back a wrong APN: accepted, cut off, the old APN back, a rollback report, and failed', async () => {
    const { device, first } = await online(router);
    const from = observer.mark();
    const apn = first.config['network.mobile']?.apn;

    const { id, answer: accepted } = await command(
      device,
      { action: 'config.write', section: 'network.mobile', values: { apn: 'wrong.apn' }, rollback_s: 30 },
      'accepted',
    );
    const failed = await answer(device, id, 'failed', from);
    const rolledBack = await report(device, from, 'rollback');

    expect(accepted.state).toBe('accepted');
    expect(failed.error).toBe(
      'rolled back: the device could not reach the gateway for 30 s after the change',
    );
    // Really cut off: the connection dropped (the will fired), and the unit came back with a hello.
    const offline = observer.messages
      .slice(from)
      .findIndex(
        (message) =>
          message.topic === device.topics.status && (message.json as { state: string }).state === 'offline',
      );
    const hello = observer.messages.slice(from).findIndex(on(device.topics.hello));
    expect(offline).toBeGreaterThanOrEqual(0);
    expect(hello).toBeGreaterThan(offline);
    expect(broker.wills).toContain(device.topics.status);
    // Applied (revision 1), then put back (revision 2); only the rollback reached the gateway.
    expect(rolledBack).toMatchObject({ revision: 2, by: 'rollback' });
    expect(rolledBack.config['network.mobile']?.apn).toBe(apn);
    expect(reportsOf(device, from).map((message) => (message.json as ConfigReport).by)).toEqual(['rollback']);
    // The same id again is answered from memory, not applied again.
    const again = observer.mark();
    await observer.publish(device.topics.command, {
      v: 1,
      id,
      action: 'config.write',
      section: 'network.mobile',
      values: { apn: 'wrong.apn' },
      rollback_s: 30,
    });
    expect((await answer(device, id, 'failed', again)).error).toBe(failed.error);
    await sleep(100);
    expect(observer.messages.slice(again).some(on(device.topics.hello))).toBe(false);
    expect(device.configuration()).toMatchObject({ revision: 2, by: 'rollback' });
  });

  it('rolls back a LAN change on an access point, managed over its LAN', async () => {
    const { device, first } = await online(accessPoint);
    const from = observer.mark();

    const { id } = await command(
      device,
      { action: 'config.write', section: 'network.lan', values: { ipaddr: '10.1.1.1' }, rollback_s: 60 },
      'accepted',
    );
    const failed = await answer(device, id, 'failed', from);
    const rolledBack = await report(device, from, 'rollback');

    expect(failed.error).toBe(
      'rolled back: the device could not reach the gateway for 60 s after the change',
    );
    expect(rolledBack.config['network.lan']).toEqual(first.config['network.lan']);
  });

  it('answers done at once, rollback_s or not, for a change that keeps the unit reachable', async () => {
    const { device, first } = await online(router);
    const operator = simOperatorOf(device.profile);
    const apn = first.config['network.mobile']?.apn === 'internet' ? operatorApn(operator) : 'internet';
    const from = observer.mark();

    const lan = await command(device, {
      action: 'config.write',
      section: 'network.lan',
      values: { ipaddr: '192.168.77.1' },
      rollback_s: 30,
    });
    const mobile = await command(device, {
      action: 'config.write',
      section: 'network.mobile',
      values: { apn },
      rollback_s: 30,
    });
    await sleep(100);

    expect([lan.answer.revision, mobile.answer.revision]).toEqual([1, 2]);
    expect(observer.messages.slice(from).some(on(device.topics.hello))).toBe(false);
    expect(device.state).toBe('online');
  });

  it('without rollback_s, applies a cutting change, goes away, and is put right on a site visit', async () => {
    const { device, first } = await online(router);
    const from = observer.mark();

    const written = await command(device, {
      action: 'config.write',
      section: 'network.mobile',
      values: { apn: 'wrong.apn' },
    });
    const applied = await report(device, from, 'console');
    const visited = await report(device, from, 'local');

    expect(written.answer).toMatchObject({ state: 'done', revision: 1 });
    expect(applied.config['network.mobile']?.apn).toBe('wrong.apn');
    expect(visited).toMatchObject({
      revision: 2,
      config: { 'network.mobile': first.config['network.mobile'] },
    });
    const hello = observer.messages.slice(from).findIndex(on(device.topics.hello));
    expect(hello).toBeGreaterThan(observer.messages.slice(from).findIndex(on(device.topics.configReport)));
  });
});
