import { describe, expect, it } from 'vitest';
import { answerCommand } from '../../../simulator/commands';
import { command, kioskTarget } from './kiosk-target';

// A simulated kiosk device answers the premium kiosk's commands with 002 §3's Device command
// result and reports its installed apps with their versions.

const device = () => kioskTarget('kiosk-sim-1');

describe('a simulated kiosk device', () => {
  it('answers with result, fromdevice, sourceRequest, channel, exceptionMessage', async () => {
    const target = device();
    const answer = await answerCommand(target, command('policy', { policy: { profile: 3 } }));
    expect(answer).toEqual({
      ok: true,
      result: {
        result: 'OK',
        fromdevice: 'kiosk-sim-1',
        sourceRequest: 'policy',
        channel: 'websocket',
        exceptionMessage: null,
      },
    });
  });

  it('installs, hides and reports its apps with their versions', async () => {
    const target = device();
    await answerCommand(
      target,
      command('install', {
        packageName: 'com.example.caja',
        method: 'urlDownload',
        versionCode: 10,
      }),
    );
    await answerCommand(target, command('hide', { packageName: 'com.example.caja' }));
    const list = await answerCommand(target, command('getApplicationList'));
    expect((list!.result as { apps: unknown[] }).apps).toEqual([
      { packageName: 'com.example.caja', versionName: '1.0', versionCode: 10, hidden: true },
    ]);
  });
});
