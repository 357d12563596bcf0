import { describe, expect, it } from 'vitest';
import { HOME_PATH, landingPath, PRICING_PATH, sessionActionFor } from '../../../protocol/session';

describe('landingPath', () => {
  const saved = { state: '/app/profile', serverid: null, currentdb: null };

  it('sends a company without subscription to pricing', () => {
    expect(landingPath({ tier: null, companyActive: true, saved })).toBe(PRICING_PATH);
  });

  it('sends an inactive company to home, ignoring the saved screen', () => {
    expect(landingPath({ tier: 'FLOTA_PRO', companyActive: false, saved })).toBe(HOME_PATH);
  });

  it('returns to the last saved screen', () => {
    expect(landingPath({ tier: 'FLOTA_PRO', companyActive: true, saved })).toBe('/app/profile');
  });

  it('falls back to home without a saved screen or with one outside the console', () => {
    expect(landingPath({ tier: 'FLOTA_PRO', companyActive: true, saved: null })).toBe(HOME_PATH);
    const outside = { ...saved, state: 'https://evil.example/app/' };
    expect(landingPath({ tier: 'FLOTA_PRO', companyActive: true, saved: outside })).toBe(HOME_PATH);
  });
});

describe('sessionActionFor', () => {
  it('renews on 401 and on the FLOTA403 message', () => {
    expect(sessionActionFor(401)).toBe('renew');
    expect(sessionActionFor(500, 'FLOTA403')).toBe('renew');
  });

  it('reports 403 as not authorised and 419/440 as a timeout', () => {
    expect(sessionActionFor(403)).toBe('forbidden');
    expect(sessionActionFor(419)).toBe('timeout');
    expect(sessionActionFor(440)).toBe('timeout');
    expect(sessionActionFor(500)).toBe('none');
  });
});
