import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

// MDM organizations (issue 36, docs/mdm.md): one per platform of a company, and the Android
// enterprise bound through the signup against the local AMAPI stand-in (server/mdm/).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** A call as the user reads it, in the given language. */
async function call(login: string, operation: string, parameter: unknown, language = 'es') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: { authorization: `Bearer ${await t.tokenFor(login)}`, 'accept-language': language },
    payload: { operation, parameter },
  });
  return response.json() as { error: { code: string; description: string }; result: any };
}

/** Follows the stand-in's signup page: the token it hands back to the console. */
async function signedUp(url: string) {
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(302);
  const back = new URL(String(page.headers.location), 'http://console');
  expect(back.pathname).toBe('/app/mdmafw');
  return back.searchParams.get('enterpriseToken')!;
}

const android = async () =>
  (await call('admin', 'mdmOrganizationsList', {})).result.data.find(
    (row: { platform: string }) => row.platform === 'android',
  );

describe('MDM organizations', () => {
  it('are created and listed, one per platform, with the fields of their platform', async () => {
    const windows = await call('admin', 'mdmOrganizationsCreate', {
      platform: 'windows',
      upnDomain: 'empresa.com',
      discoveryUrl: 'https://enterpriseenrollment.empresa.com/EnrollmentServer/Discovery.svc',
    });
    expect(windows.error.code).toBe('0');
    expect(windows.result.state).toBe('bound');
    const ios = await call('admin', 'mdmOrganizationsCreate', {
      platform: 'ios',
      apnsTopic: 'com.apple.mgmt.External.fake',
    });
    expect(ios.error.code).toBe('0');
    expect(ios.result).toMatchObject({ state: 'pending', apnsTopic: null });

    const again = await call('admin', 'mdmOrganizationsCreate', { platform: 'windows' });
    expect(again.error.code).not.toBe('0');
    expect(again.error.description).toMatch(/Ya hay .*windows/i);

    const foreign = await call(
      'admin',
      'mdmOrganizationsEdit',
      { id: ios.result.id, version: ios.result.version, upnDomain: 'empresa.com' },
      'en',
    );
    expect(foreign.error.description).toBe(
      'Field "UPN domain" is not one of the iOS organization.',
    );

    const listed = await call('usuario', 'mdmOrganizationsList', {});
    expect(listed.error.code).toBe('0');
    expect(listed.result.data.map((row: { platform: string }) => row.platform)).toEqual([
      'ios',
      'windows',
    ]);
  });

  it('are read-only for an ordinary user', async () => {
    const refused = await call('usuario', 'mdmOrganizationsCreate', { platform: 'android' });
    expect(refused.error.code).not.toBe('0');
    const signup = await call('usuario', 'mdmAndroidSignup', {});
    expect(signup.error.code).not.toBe('0');
    expect(await android()).toBeUndefined();
  });

  it('bind an Android enterprise: signup pending, then bound by the token it came back with', async () => {
    const early = await call('admin', 'mdmAndroidComplete', { enterpriseToken: 'x' });
    expect(early.error.description).toMatch(/No hay un alta de empresa Android pendiente/);

    const first = await call('admin', 'mdmAndroidSignup', { contactEmail: 'it@empresa.com' });
    expect(first.error.code).toBe('0');
    expect(first.result.organization).toMatchObject({ platform: 'android', state: 'pending' });
    const firstToken = await signedUp(first.result.url);

    // A new signup replaces the first: the first one's token is now another signup's.
    const second = await call('admin', 'mdmAndroidSignup', {});
    const secondToken = await signedUp(second.result.url);
    const pending = await android();
    expect(pending).toMatchObject({ state: 'pending', contactEmail: 'it@empresa.com' });

    const foreign = await call('admin', 'mdmAndroidComplete', { enterpriseToken: firstToken });
    expect(foreign.error.description).toMatch(/^El token de empresa no es válido para este alta/);
    const bad = await call('admin', 'mdmAndroidComplete', { enterpriseToken: 'abc.def' }, 'en');
    expect(bad.error.description).toMatch(/^The enterprise token is not valid for this signup/);
    expect(await android()).toEqual(pending);

    const ordinary = await call('usuario', 'mdmAndroidComplete', { enterpriseToken: secondToken });
    expect(ordinary.error.code).not.toBe('0');
    expect(await android()).toEqual(pending);

    const bound = await call('admin', 'mdmAndroidComplete', { enterpriseToken: secondToken });
    expect(bound.error.code).toBe('0');
    expect(bound.result).toMatchObject({ state: 'bound', signupUrlName: null });
    expect(bound.result.enterpriseName).toMatch(/^enterprises\/LC[0-9A-F]{10}$/);

    const twice = await call('admin', 'mdmAndroidSignup', {});
    expect(twice.error.description).toMatch(/ya está vinculada \(enterprises\/LC/);

    const history = await call('admin', 'revisions', {
      filter: { resource: 'mdm-organizations', record: String(bound.result.id) },
    });
    expect(history.error.code).toBe('0');
  });

  it('refuse a signup page that would send the person elsewhere', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/mdm/amapi-standin/signup?signupUrlName=signupUrls%2FC0011223344556677&callbackUrl=https%3A%2F%2Fevil.example',
    });
    expect(page.statusCode).toBe(400);
    const signup = await call('admin', 'mdmAndroidSignup', { callbackUrl: 'https://evil.example' });
    expect(signup.error.description).toBe(
      'El alta solo puede volver a una pantalla de esta consola.',
    );
  });
});
