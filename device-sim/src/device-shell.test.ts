import { describe, expect, it } from 'vitest';
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
  return {
    profile,
    shell: createDeviceShell({ profile, firmware: () => profile.firmware, telemetry: () => telemetry }),
  };
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
      output: expect.stringContaining(`system.@system[0].hostname='Teltonika-${profile.model}.com'`),
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

describe('device shell: config', () => {
  it('reads a section, writes it, and reports the change in readings', () => {
    const { shell } = shellFor((model) => model.startsWith('RUT'));

    const written = shell.write('system', { hostname: 'depot-7' });

    expect(written).toEqual({ ok: true });
    expect(shell.read('system')).toMatchObject({
      ok: true,
      values: { hostname: 'depot-7', timezone: 'UTC' },
    });
    expect(shell.settings().hostname).toBe('depot-7');
  });

  it('refuses unknown sections and options, wrong types and bad values, changing nothing', () => {
    const { shell } = shellFor((model) => model.startsWith('RUT'));

    expect(shell.read('nope')).toEqual({ ok: false, error: 'unknown section "nope"' });
    expect(shell.write('system', { colour: 'red' })).toEqual({
      ok: false,
      error: 'unknown option "system.colour"',
    });
    expect(shell.write('system', { log_size: 'big' })).toEqual({
      ok: false,
      error: '"system.log_size" must be a number',
    });
    expect(shell.write('network.lan', { netmask: '255.255.0.0', ipaddr: '10.0.0.300' })).toMatchObject({
      ok: false,
    });
    expect(shell.read('network.lan')).toMatchObject({
      values: { ipaddr: '192.168.1.1', netmask: '255.255.255.0' },
    });
  });
});

describe("device shell: the admin password (the console's password manager)", () => {
  it('takes a password of 8 characters or more and never reads it back', () => {
    const { shell } = shellFor((model) => model.startsWith('RUT'));
    expect(shell.read('users.admin')).toMatchObject({ values: { username: 'admin', password: '' } });
    expect(shell.write('users.admin', { password: 'short' })).toMatchObject({ ok: false });
    expect(shell.write('users.admin', { password: 'Lo9!zQ2#wE4$rT6%' })).toEqual({ ok: true });
    const read = shell.read('users.admin');
    expect(read).toMatchObject({ values: { password: '********' } });
    expect(JSON.stringify(read)).not.toContain('Lo9!');
  });
});

describe('nextFirmware', () => {
  it('puts a bare version in place of the current one, and takes a full name as it is', () => {
    expect(nextFirmware('RUT9M_R_00.07.06.1', '00.07.09')).toBe('RUT9M_R_00.07.09');
    expect(nextFirmware('RUT9M_R_00.07.06.1', 'RUT9M_R_00.07.10')).toBe('RUT9M_R_00.07.10');
    expect(nextFirmware('RUT9M_R_00.07.06.1', '<b>1.0</b>')).toBeUndefined();
  });
});
