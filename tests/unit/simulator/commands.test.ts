import { describe, expect, it } from 'vitest';
import { answerCommand, factoryControls, type CommandTarget } from '../../../simulator/commands';

function target(): CommandTarget & { rebooted: number; wiped: number } {
  const device = {
    mid: 'sim-1',
    controls: factoryControls(),
    rebooted: 0,
    wiped: 0,
    inventory: () => ({
      batteryLevel: 80,
      locked: device.controls.locked,
      apps: device.controls.apps,
    }),
    position: () => ({ latitude: 40.4, longitude: -3.7 }),
    wipe: () => {
      device.wiped++;
      device.controls = factoryControls();
    },
    reboot: () => {
      device.rebooted++;
    },
    uploader: () => null,
  };
  return device;
}

const command = (cmd: string, params: Record<string, unknown> = {}) => ({
  type: 'command' as const,
  id: 'flota-1',
  cmd,
  params,
  sentAt: new Date().toISOString(),
});

describe('a simulated device answers commands truthfully', () => {
  it('reports itself locked after lock, and reset after wipe', async () => {
    const device = target();
    expect(await answerCommand(device, command('lock'))).toMatchObject({ ok: true });
    expect((await answerCommand(device, command('info')))?.result).toMatchObject({ locked: true });
    await answerCommand(device, command('install', { packageName: 'es.flota.app' }));
    await answerCommand(device, command('wipe'));
    expect(device.wiped).toBe(1);
    expect((await answerCommand(device, command('info')))?.result).toMatchObject({
      locked: false,
      apps: [],
      batteryLevel: 80,
    });
  });

  it('keeps the password, flips settings, installs and uninstalls apps', async () => {
    const device = target();
    await answerCommand(device, command('password', { password: '1234' }));
    expect(device.controls.password).toBe('1234');
    await answerCommand(device, command('camera', { enabled: false }));
    expect(device.controls.settings.camera).toBe(false);
    await answerCommand(device, command('install', { packageNameArray: ['a.b', 'c.d'] }));
    await answerCommand(device, command('uninstall', { packageName: 'a.b' }));
    expect(device.controls.apps).toEqual(['c.d']);
  });

  it('answers gps with its position, ping with pong, and reboots', async () => {
    const device = target();
    expect(await answerCommand(device, command('gps'))).toMatchObject({
      ok: true,
      latitude: 40.4,
      longitude: -3.7,
    });
    expect(await answerCommand(device, command('ping'))).toMatchObject({ msg: 'pong' });
    await answerCommand(device, command('reboot'));
    expect(device.rebooted).toBe(1);
  });

  it('fails or stays silent when asked to, and at the fail rate', async () => {
    const device = target();
    expect(await answerCommand(device, command('lock', { simulateFailure: 'fail' }))).toMatchObject(
      {
        ok: false,
      },
    );
    expect(await answerCommand(device, command('lock', { simulateFailure: 'timeout' }))).toBeNull();
    expect(await answerCommand(device, command('ping'), 1)).toMatchObject({ ok: false });
    expect(device.controls.locked).toBe(false);
  });
});
