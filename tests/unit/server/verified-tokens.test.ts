import { describe, expect, it } from 'vitest';
import { rememberVerified, VERIFIED_TOKENS_KEPT } from '../../../server/verified-tokens';

describe('rememberVerified', () => {
  const setup = () => {
    let now = 1_000_000_000;
    const checked: string[] = [];
    const verify = rememberVerified(
      async (token) => {
        checked.push(token);
        if (token.startsWith('bad')) throw new Error('refused');
        if (token.startsWith('forever')) return { sub: token };
        return { sub: token, exp: now / 1000 + 60 };
      },
      () => now,
    );
    return { verify, checked, pass: (ms: number) => (now += ms) };
  };

  it('keeps a verified token until it expires, then verifies it again', async () => {
    const { verify, checked, pass } = setup();
    expect(await verify('a')).toMatchObject({ sub: 'a' });
    await verify('a');
    expect(checked).toEqual(['a']);
    pass(61_000);
    await verify('a');
    expect(checked).toEqual(['a', 'a']);
  });

  it('keeps neither a refused token nor one without an expiry', async () => {
    const { verify, checked } = setup();
    await expect(verify('bad')).rejects.toThrow('refused');
    await expect(verify('bad')).rejects.toThrow('refused');
    await verify('forever');
    await verify('forever');
    expect(checked).toEqual(['bad', 'bad', 'forever', 'forever']);
  });

  it('forgets the oldest token past its size', async () => {
    const { verify, checked } = setup();
    for (let i = 0; i <= VERIFIED_TOKENS_KEPT; i++) await verify(`t${i}`);
    await verify(`t${VERIFIED_TOKENS_KEPT}`);
    await verify('t0');
    expect(checked.filter((t) => t === 't0')).toHaveLength(2);
    expect(checked.filter((t) => t === `t${VERIFIED_TOKENS_KEPT}`)).toHaveLength(1);
  });
});
