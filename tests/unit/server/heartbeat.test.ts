import { describe, expect, it } from 'vitest';
import { heartbeatStep } from '../../../server/device/hub';

// The hub's heartbeat (server/device/hub.ts): a device is pinged when it was silent since the
// last heartbeat, and dropped when it left a ping unanswered.

const fresh = () => ({ alive: true, active: false });

describe('heartbeatStep', () => {
  it('pings an idle device at every heartbeat while it answers', () => {
    const connection = fresh();
    expect(heartbeatStep(connection)).toBe('ping');
    connection.alive = true; // its pong
    expect(heartbeatStep(connection)).toBe('ping');
  });

  it('drops a device that left the last ping unanswered', () => {
    const connection = fresh();
    expect(heartbeatStep(connection)).toBe('ping');
    expect(heartbeatStep(connection)).toBe('drop');
  });

  it('spares a device that sent a message since the last heartbeat, once', () => {
    const connection = fresh();
    // A message (the hub's receive sets both).
    connection.alive = true;
    connection.active = true;
    expect(heartbeatStep(connection)).toBe('skip');
    // Silent since: pinged at the next heartbeat, dropped at the one after if it stays silent.
    expect(heartbeatStep(connection)).toBe('ping');
    expect(heartbeatStep(connection)).toBe('drop');
  });

  it('takes a message after a ping as the answer', () => {
    const connection = fresh();
    expect(heartbeatStep(connection)).toBe('ping');
    connection.alive = true;
    connection.active = true;
    expect(heartbeatStep(connection)).toBe('skip');
  });
});
