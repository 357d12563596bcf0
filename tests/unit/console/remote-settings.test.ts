import { describe, expect, it } from 'vitest';
import {
  ANDROID_ONLY,
  POLICY_COMMANDS,
  runsOn,
} from '../../../src/custom/devices/remote/commandCatalog';

// Issue 17, defect 7: an iPhone is not offered the settings only Android carries out.
describe('policy commands by platform', () => {
  it('offers every policy command to Android and the Android-only ones to no one else', () => {
    expect(POLICY_COMMANDS.every((cmd) => runsOn(cmd, 'ANDROID'))).toBe(true);
    const iphone = POLICY_COMMANDS.filter((cmd) => runsOn(cmd, 'IPHONE'));
    expect(iphone).toEqual(POLICY_COMMANDS.filter((cmd) => !ANDROID_ONLY.includes(cmd)));
    expect(iphone).toContain('lock');
    expect(iphone).not.toContain('statusbar');
  });

  it('offers everything to a device whose platform is not known yet', () => {
    expect(POLICY_COMMANDS.every((cmd) => runsOn(cmd, null))).toBe(true);
  });
});
