import { describe, expect, it } from 'vitest';
import { SessionCache } from '../../../server/session-cache';

describe('SessionCache', () => {
  const setup = (kept = 3, ttl = 60_000) => {
    let now = 1_000_000;
    const cache = new SessionCache(kept, ttl, () => now);
    let reads = 0;
    const read = (key: string, row: unknown = { key }) =>
      cache.read(key, async () => {
        reads++;
        return row;
      });
    return { cache, read, reads: () => reads, pass: (ms: number) => (now += ms) };
  };

  it('keeps nothing until a listener listens, and nothing after it is lost', async () => {
    const { cache, read, reads } = setup();
    await read('a');
    await read('a');
    expect(reads()).toBe(2);
    cache.listening();
    await read('a');
    await read('a');
    expect(reads()).toBe(3);
    cache.deaf();
    expect(cache.size).toBe(0);
    await read('a');
    expect(reads()).toBe(4);
  });

  it('keeps a row for the TTL, then reads it again', async () => {
    const { cache, read, reads, pass } = setup(3, 1_000);
    cache.listening();
    await read('a');
    pass(999);
    await read('a');
    expect(reads()).toBe(1);
    pass(2);
    await read('a');
    expect(reads()).toBe(2);
  });

  it('drops the oldest row beyond its size', async () => {
    const { cache, read, reads } = setup(2);
    cache.listening();
    await read('a');
    await read('b');
    await read('c');
    expect(cache.size).toBe(2);
    await read('b');
    await read('c');
    expect(reads()).toBe(3);
    await read('a');
    expect(reads()).toBe(4);
  });

  it('does not keep a miss', async () => {
    const { cache, reads } = setup();
    cache.listening();
    let count = 0;
    const miss = () => cache.read('x', async () => (count++, undefined));
    expect(await miss()).toBeUndefined();
    expect(await miss()).toBeUndefined();
    expect(count).toBe(2);
    expect(reads()).toBe(0);
  });

  it('does not keep what a read began to read before a clear', async () => {
    const { cache } = setup();
    cache.listening();
    let finish: (row: unknown) => void = () => {};
    const slow = cache.read('a', () => new Promise<unknown>((resolve) => (finish = resolve)));
    cache.clear();
    finish({ stale: true });
    expect(await slow).toEqual({ stale: true });
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing while a write of this node is in flight, and forgets at its end', async () => {
    const { cache, read, reads } = setup();
    cache.listening();
    await read('a');
    cache.writeStarted();
    expect(cache.isOn()).toBe(false);
    await read('a');
    await read('a');
    expect(reads()).toBe(3);
    // A read that began during the write (and saw the row before its commit) is not kept.
    let finish: (row: unknown) => void = () => {};
    const during = cache.read('b', () => new Promise<unknown>((resolve) => (finish = resolve)));
    cache.writeEnded();
    finish({ before: 'commit' });
    await during;
    expect(cache.get('b')).toBeUndefined();
    await read('a');
    await read('a');
    expect(reads()).toBe(4);
  });
});
