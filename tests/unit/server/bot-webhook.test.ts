import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../server/bots/address';
import { callWebhook, signature, webhookUrl } from '../../../server/bots/webhook';

// A bot's webhook (docs/bots.md): http(s) only, never a private address unless allowed, signed.

describe('bot webhooks', () => {
  it('take http and https URLs only', () => {
    expect(webhookUrl('https://hooks.example.com/a')?.host).toBe('hooks.example.com');
    expect(webhookUrl('http://hooks.example.com')).not.toBeNull();
    expect(webhookUrl('ftp://example.com/a')).toBeNull();
    expect(webhookUrl('file:///etc/passwd')).toBeNull();
    expect(webhookUrl('not a url')).toBeNull();
  });

  it('know the private addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuse a private address unless allowed, before any connection', async () => {
    const body = {
      bot: { id: 1, name: 'b' },
      project: { id: 1, name: 'p' },
      run: { trigger: 'schedule', at: '' },
      devices: [],
      total: 0,
    };
    for (const url of ['http://127.0.0.1:9/x', 'http://[::1]:9/x', 'http://localhost:9/x']) {
      expect(await callWebhook(new URL(url), 's', body, false)).toMatchObject({
        error: 'private',
      });
    }
  });

  it('sign the timestamp and the body with the secret', () => {
    // echo -n '1700000000.{}' | openssl dgst -sha256 -hmac secret
    expect(signature('secret', '1700000000', '{}')).toBe(
      'sha256=b8569b78799ff9e3cbff0fc2d63a33a2b57f3282abd07c37ae5e8e7d79a5f163',
    );
    expect(signature('secret', '1700000000', '{}')).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signature('secret', '1700000001', '{}')).not.toBe(
      signature('secret', '1700000000', '{}'),
    );
  });
});
