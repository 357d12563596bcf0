import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { consolePolicy, tileSource } from '../../../server/security-headers';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('tileSource', () => {
  it('allows the tile server of MAP_TILE_URL, a subdomain placeholder as a wildcard', () => {
    expect(tileSource('https://tiles.example.org/{z}/{x}/{y}.png')).toBe(
      'https://tiles.example.org',
    );
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileSource('http://10.0.0.7:8090/osm/{z}/{x}/{y}.png')).toBe('http://10.0.0.7:8090');
    expect(tileSource('//maps.example.org/{z}/{x}/{y}.png')).toBe('maps.example.org');
  });

  it('adds nothing for no tiles, our own origin, or a host it cannot express', () => {
    expect(tileSource('')).toBeNull();
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    // `*.org` would allow a whole top-level domain.
    expect(tileSource('https://{s}.org/{z}/{x}/{y}.png')).toBeNull();
  });
});

describe('consolePolicy', () => {
  it('names an external issuer for the silent renewal and its calls', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://flota.example.com',
      OIDC_ISSUER: 'https://sso.example.com/realms/flota',
    });
    const policy = consolePolicy(config, "'none'");
    expect(directive(policy, 'form-action')).toBe("'self' https://sso.example.com");
    // Served over https, the console reaches https origins only (external environments).
    expect(directive(policy, 'connect-src')).toBe("'self' https://sso.example.com https:");
    expect(directive(policy, 'frame-src')).toBe("'self' https://sso.example.com https:");
    expect(directive(policy, 'img-src')).toBe("'self' data: blob:");
    expect(directive(policy, 'frame-ancestors')).toBe("'none'");
  });
});
