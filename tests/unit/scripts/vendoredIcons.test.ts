import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { importedIcons, VENDOR_DIR } from '../../../scripts/vendor-icons.mjs';

/**
 * `@mui/icons-material` is installed from vendor/mui-icons, the icons the console and react-admin
 * import (scripts/vendor-icons.mjs): an icon imported without being there fails the build.
 */
describe('the vendored icons', () => {
  it('hold every icon the console and react-admin import', () => {
    const missing = (importedIcons() as string[]).filter(
      (name) => !fs.existsSync(path.join(VENDOR_DIR, 'esm', `${name}.js`)),
    );
    expect(missing, 'run `node scripts/vendor-icons.mjs` to add them').toEqual([]);
  });

  it('are what the package resolves to, and load', async () => {
    const installed = fs.realpathSync(
      path.join(VENDOR_DIR, '../../node_modules/@mui/icons-material'),
    );
    expect(installed).toBe(VENDOR_DIR);
    const { default: Android } = await import('@mui/icons-material/Android');
    expect(Android).toBeTruthy();
  });
});
