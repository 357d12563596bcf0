import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { linkIsValid, signLink } from '../kiosk/signed-link';
import { AmapiRefusal, type AndroidManagementApi } from './amapi';

/** The stand-in's signup page: it "signs up" and sends the person back with a token. */
export const STANDIN_SIGNUP_PATH = '/api/mdm/amapi-standin/signup';

/** A signup is completed within the hour, or its token is refused. */
const SIGNUP_SECONDS = 3600;

/** The subject a token is signed for: one signup URL, so another signup's token is refused. */
const subjectOf = (signupUrlName: string) => `amapi-signup/${signupUrlName}`;

/** Where a signup may send the person back: a screen of this console, nowhere else. */
export const isConsoleCallback = (url: string) => /^\/app\/[a-z0-9/]*(\?[^\s]*)?$/.test(url);

/**
 * A local Android Management API (docs/mdm.md, "The Android enterprise signup stand-in"): no
 * state is kept; the enterprise token is an HMAC of the signup URL's name with its expiry, so a
 * token of another signup, a changed one or an expired one is refused as Google refuses it.
 */
export function amapiStandin(config: Config, db: Db): AndroidManagementApi {
  return {
    signupUrls: {
      async create({ callbackUrl }) {
        const name = `signupUrls/C${randomBytes(8).toString('hex')}`;
        const query = new URLSearchParams({ signupUrlName: name, callbackUrl });
        return { name, url: `${STANDIN_SIGNUP_PATH}?${query}` };
      },
    },
    enterprises: {
      async create({ signupUrlName, enterpriseToken }) {
        const [expires, signature] = enterpriseToken.split('.');
        const valid = await linkIsValid(config, db, subjectOf(signupUrlName), expires, signature);
        if (!valid) throw new AmapiRefusal('enterpriseToken is not valid for this signup URL');
        const id = signupUrlName.slice('signupUrls/C'.length, 'signupUrls/C'.length + 10);
        return { name: `enterprises/LC${id.toUpperCase()}` };
      },
    },
  };
}

/** The token the stand-in's page hands back for a signup URL. */
export async function standinEnterpriseToken(config: Config, db: Db, signupUrlName: string) {
  const query = new URLSearchParams(
    await signLink(config, db, subjectOf(signupUrlName), SIGNUP_SECONDS),
  );
  return `${query.get('expires')}.${query.get('signature')}`;
}
