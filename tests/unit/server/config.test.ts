import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      issuer: 'http://127.0.0.1:8080/oidc',
      audience: 'http://127.0.0.1:8080/api',
      embeddedIssuer: true,
      FLAVOUR: 'cloud',
      ACCESS_TOKEN_TTL: 3600,
      PROJECT_SQL_CONNECTIONS: 4,
    });
    // Several nodes: two per node (docs/operations.md); fewer than two is refused.
    expect(loadConfig({ PROJECT_SQL_CONNECTIONS: '12' }).PROJECT_SQL_CONNECTIONS).toBe(12);
    expect(() => loadConfig({ PROJECT_SQL_CONNECTIONS: '1' })).toThrow(/PROJECT_SQL_CONNECTIONS=1/);
    expect(config.DATA_DIR).toMatch(/\/data$/);
  });

  it('reads the live video settings: ICE servers as JSON, the panel cap', () => {
    expect(loadConfig({}).ICE_SERVERS).toEqual([]);
    expect(loadConfig({}).LIVE_MAX_PANELS).toBe(16);
    const ice =
      '[{"urls":"stun:stun.example.com:3478"},{"urls":["turn:t.example.com"],"username":"u","credential":"c"}]';
    expect(loadConfig({ ICE_SERVERS: ice }).ICE_SERVERS).toEqual(JSON.parse(ice));
    expect(() => loadConfig({ ICE_SERVERS: 'stun:x' })).toThrow(
      /ICE_SERVERS=stun:x: must be a JSON array of \{urls, username\?, credential\?\}/,
    );
    expect(() => loadConfig({ LIVE_MAX_PANELS: '0' })).toThrow(/LIVE_MAX_PANELS=0/);
  });

  it('names every bad value in one clear message', () => {
    const bad = () => loadConfig({ PORT: 'eighty', FLAVOUR: 'desktop', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT=eighty/);
    expect(bad).toThrow(/FLAVOUR=desktop/);
    expect(bad).toThrow(/DATABASE_URL=mysql:\/\/x: must start with postgres:\/\//);
  });

  it('accepts an external issuer, whose audience defaults to the client id', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example.com/realms/x',
      OIDC_CLIENT_ID: 'flota',
    });
    expect(config).toMatchObject({
      issuer: 'https://id.example.com/realms/x',
      embeddedIssuer: false,
      audience: 'flota',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });
});
