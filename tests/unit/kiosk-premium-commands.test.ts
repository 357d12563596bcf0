import { describe, expect, it } from 'vitest';
import { profileCommandRequest, profileCommands } from '../../protocol/kiosk-premium';

describe('a premium profile command entry from the device menu (docs/kiosk.md)', () => {
  it('reads Control as text or object, at most 25 entries, dropping entries without c', () => {
    const cm = Array.from({ length: 30 }, (_, i) => ({ c: `c${i}`, p: i, v: 'T' }));
    expect(profileCommands({ cm })).toHaveLength(25);
    expect(profileCommands(JSON.stringify({ cm: [{ c: 'camera', v: 'F' }, { p: 'x' }] }))).toEqual([
      { c: 'camera', p: '', v: 'F' },
    ]);
    expect(profileCommands('not json')).toEqual([]);
    expect(profileCommands(null)).toEqual([]);
  });

  it('a premium command is sent as itself, its parameter as its fields', () => {
    expect(profileCommandRequest({ c: 'getApplicationList', p: '', v: 'T' })).toEqual({
      cmd: 'getApplicationList',
      params: {},
    });
    expect(
      profileCommandRequest({ c: 'setLaunchOnBoot', p: '{"packageName":"com.a"}', v: 'T' }),
    ).toEqual({ cmd: 'setLaunchOnBoot', params: { packageName: 'com.a' } });
    expect(profileCommandRequest({ c: 'setPassword', p: '1234', v: 'T' })).toEqual({
      cmd: 'setPassword',
      params: { value: '1234' },
    });
  });

  it('any other entry is one general setting (setPasswordPolicies), as ConfigCommands sends it', () => {
    expect(profileCommandRequest({ c: 'camera', p: '', v: 'F' })).toEqual({
      cmd: 'setPasswordPolicies',
      params: { policy: { camera: false } },
    });
    expect(profileCommandRequest({ c: 'timeout', p: '30', v: 'T' })).toEqual({
      cmd: 'setPasswordPolicies',
      params: { policy: { timeout: '30' } },
    });
    expect(profileCommandRequest({ c: 'statusbar', p: '', v: 'T' }).params).toEqual({
      policy: { statusbar: true },
    });
  });
});
