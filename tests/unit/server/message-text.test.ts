import { describe, expect, it } from 'vitest';
import { messageTexts } from '../../../server/device/message-text';

describe('messageTexts', () => {
  it('gives each id the same message, as JSON.stringify would', () => {
    const message = {
      type: 'command' as const,
      cmd: 'lock',
      params: { message: 'id "x"\n' },
      sentAt: '2026-11-26T00:00:00.000Z',
    };
    const textOf = messageTexts(message);
    for (const id of ['flota-1', 'flota-"2"']) {
      expect(JSON.parse(textOf(id))).toEqual({ ...message, id });
    }
  });

  it('writes a message with no other field', () => {
    expect(JSON.parse(messageTexts({})('flota-3'))).toEqual({ id: 'flota-3' });
  });
});
