import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { addressBucket } from '../../../server/identity/limits';

describe('addressBucket', () => {
  it('keeps an IPv4 address, also one written as IPv6-mapped', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const bucket = '2001:db8:1:2::/64';
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe(bucket);
    expect(addressBucket('2001:0db8:0001:0002:0003:0004:0005:0006')).toBe(bucket);
    expect(addressBucket('2001:db8:1:2::ffff:192.0.2.1')).toBe(bucket);
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('trusts no proxy by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(trust('false')).toBe(false);
  });

  it('takes true as proxies on this machine or a private network, never every hop', () => {
    expect(trust('true')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
  });

  it('takes a list of addresses, CIDRs and range names', () => {
    expect(trust('10.0.0.0/8, 127.0.0.1,::1/128')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1/128']);
  });

  it('refuses anything else, naming it', () => {
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY=10.0.0.0\/33/);
    expect(() => trust('2')).toThrow(/TRUST_PROXY=2/);
    expect(() => trust('proxy.example')).toThrow(/not true, false, an address/);
  });
});
