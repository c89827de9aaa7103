import { describe, expect, it } from 'vitest';
import { createConfigStore } from './config-store.ts';
import { nextFirmware } from './device-commands.ts';
import { createDeviceShell } from './device-shell.ts';
import { generateFleet } from './fleet.ts';
import { createTelemetry } from './telemetry.ts';

function shellFor(predicate: (model: string, mobile: boolean) => boolean) {
  const profile = generateFleet(60, { seed: 1 }).find((device) =>
    predicate(device.model, device.capabilities.mobile),
  );
  if (!profile) throw new Error('no such device in the fleet');
  const telemetry = createTelemetry(profile);
  telemetry.read('dynamic');
  const config = createConfigStore(profile);
  const shell = createDeviceShell({
    profile,
    firmware: () => profile.firmware,
    telemetry: () => telemetry,
    config,
    commit: (next) => {
      config.apply(next, 'local');
      return { revision: config.revision };
    },
  });
  return { profile, config, shell };
}

describe('device shell: cli', () => {
  const { profile, shell } = shellFor((_, mobile) => mobile);

  it('answers the commands it knows with plausible output', () => {
    expect(shell.run('uptime')).toMatchObject({
      ok: true,
      output: expect.stringMatching(/ up .*load average/),
    });
    expect(shell.run('ifconfig')).toMatchObject({
      ok: true,
      output: expect.stringContaining(`HWaddr ${profile.mac}`),
    });
    expect(shell.run('uci  show   system')).toMatchObject({
      ok: true,
      output: expect.stringMatching(
        new RegExp(`^system=system\nsystem.hostname='${profile.model}-[0-9A-F]{4}'\n`),
      ),
    });
    expect(shell.run('gsmctl -q')).toMatchObject({
      ok: true,
      output: expect.stringMatching(/^RSSI: .*\nRSRP: /),
    });
    expect(shell.run('help')).toMatchObject({ ok: true, output: expect.stringContaining('uptime') });
  });

  it('fails a command it does not know', () => {
    expect(shell.run('rm -rf /')).toEqual({ ok: false, error: 'command not found' });
  });

  it('has no modem to ask on a device without one', () => {
    expect(shellFor((model) => model.startsWith('TSW')).shell.run('gsmctl -q')).toEqual({
      ok: false,
      error: 'command not found',
    });
  });
});

describe('device shell: uci', () => {
  it('shows the whole tree or one section, secrets masked, yes/no as 1/0', () => {
    const { shell } = shellFor((model) => model.startsWith('RUT'));

    const whole = shell.run('uci show');
    const admin = shell.run('uci show users.admin');

    expect(whole).toMatchObject({
      ok: true,
      output: expect.stringContaining("network.lan.proto='static'\n"),
    });
    expect(whole).toMatchObject({ output: expect.stringContaining("ntp.enabled='1'\n") });
    expect(admin).toEqual({
      ok: true,
      output: "users.admin=user\nusers.admin.username='admin'\nusers.admin.password='********'\n",
    });
    expect(shell.run('uci show nope')).toEqual({ ok: false, error: 'uci: unknown section "nope"' });
  });

  it('stages checked changes, applies them at once on commit, and forgets them on revert', () => {
    const { shell, config } = shellFor((model) => model.startsWith('RUT'));

    expect(shell.run("uci set ntp.server='time.example.org'")).toEqual({ ok: true, output: '' });
    expect(shell.run('uci set ntp.enabled=0')).toEqual({ ok: true, output: '' });
    expect(shell.run('uci set system.log_size=64')).toEqual({ ok: true, output: '' });
    expect(shell.run('uci get ntp.server').ok && config.revision).toBe(0);
    expect(shell.run('uci changes')).toMatchObject({ output: expect.stringContaining("ntp.enabled='0'\n") });
    expect(shell.run('uci commit')).toMatchObject({ ok: true });

    expect(config.revision).toBe(1);
    expect(config.read('ntp')).toMatchObject({ values: { enabled: false, server: 'time.example.org' } });
    expect(config.read('system')).toMatchObject({ values: { log_size: 64 } });
    expect(shell.run('uci set ntp.server=pool.example.net')).toMatchObject({ ok: true });
    expect(shell.run('uci revert')).toMatchObject({ ok: true });
    expect(shell.run('uci commit')).toMatchObject({ ok: true });
    expect(config.revision).toBe(1);
    expect(shell.run('uci get ntp.server')).toEqual({ ok: true, output: 'time.example.org\n' });
  });

  it("refuses a bad value or an unknown option as it is typed, in the contracts' words", () => {
    const { shell, config } = shellFor((model) => model.startsWith('RUT'));

    expect(shell.run('uci set network.lan.ipaddr=10.0.0.300')).toEqual({
      ok: false,
      error: '"network.lan.ipaddr": Enter an IPv4 address such as 192.168.1.1.',
    });
    expect(shell.run('uci set system.colour=red')).toEqual({
      ok: false,
      error: 'unknown option "system.colour"',
    });
    expect(shell.run('uci set system.hostname')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^usage/),
    });
    expect(shell.run('uci commit')).toEqual({ ok: true, output: '' });
    expect(config.revision).toBe(0);
  });

  it('shows the host name and LAN address the configuration holds in its readings', () => {
    const { shell } = shellFor((model) => model.startsWith('RUT'));

    shell.run('uci set system.hostname=depot-7');
    shell.run('uci set network.lan.ipaddr=192.168.7.1');
    shell.run("uci set network.lan.netmask='255.255.255.0'");
    shell.run('uci commit');

    expect(shell.settings()).toMatchObject({ hostname: 'depot-7', lanIp: '192.168.7.1' });
    expect(shell.run('ifconfig')).toMatchObject({
      output: expect.stringContaining('inet addr:192.168.7.1  Bcast:192.168.7.255'),
    });
  });
});

describe('nextFirmware', () => {
  it('puts a bare version in place of the current one, and takes a full name as it is', () => {
    expect(nextFirmware('RUT9M_R_00.07.06.1', '00.07.09')).toBe('RUT9M_R_00.07.09');
    expect(nextFirmware('RUT9M_R_00.07.06.1', 'RUT9M_R_00.07.10')).toBe('RUT9M_R_00.07.10');
    expect(nextFirmware('RUT9M_R_00.07.06.1', '<b>1.0</b>')).toBeUndefined();
  });
});
