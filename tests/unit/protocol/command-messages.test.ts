import { describe, expect, it } from 'vitest';
import { commandParamsSchemas, MESSAGE_MAX } from '../../../protocol/commands';

// Issue 17, defect 7: a short message has a limit the console shows and the server keeps.
describe('command message limits', () => {
  it('takes a toast up to its limit and refuses one character more', () => {
    expect(MESSAGE_MAX.toast).toBe(200);
    const at = commandParamsSchemas.toast.safeParse({ message: 'x'.repeat(200) });
    expect(at.success).toBe(true);
    const over = commandParamsSchemas.toast.safeParse({ message: 'x'.repeat(201) });
    expect(over.success).toBe(false);
  });

  it('keeps each message command to its own limit', () => {
    for (const cmd of ['lock', 'alarm', 'notification'] as const) {
      const max = MESSAGE_MAX[cmd];
      const over = commandParamsSchemas[cmd].safeParse({ message: 'x'.repeat(max + 1) });
      expect(over.success, cmd).toBe(false);
    }
  });
});
