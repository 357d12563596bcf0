import type { Config } from '../config';
import type { Db } from '../db/database';
import { amapiStandin } from './amapi-standin';

/**
 * The part of Google's Android Management API that binds an enterprise (docs/mdm.md, "The
 * Android enterprise signup stand-in"), with AMAPI's own names and shapes:
 * `signupUrls.create` (`POST /v1/signupUrls?callbackUrl&projectId`) answers a `SignupUrl`
 * `{name, url}`; the person signs up at `url` and comes back to `callbackUrl` with an
 * `enterpriseToken`; `enterprises.create` (`POST /v1/enterprises?signupUrlName&enterpriseToken`)
 * answers the `Enterprise` `{name: 'enterprises/LC…'}`. A connector refuses a token it did not
 * issue for that signup with an `AmapiRefusal`.
 */
export interface AndroidManagementApi {
  signupUrls: {
    create(request: { callbackUrl: string; projectId: string }): Promise<SignupUrl>;
  };
  enterprises: {
    create(request: {
      signupUrlName: string;
      enterpriseToken: string;
      projectId: string;
      contactInfo?: { contactEmail?: string };
    }): Promise<{ name: string }>;
  };
}

export interface SignupUrl {
  name: string;
  url: string;
}

/** AMAPI's answer to a bad request (an expired or foreign token): nothing was created. */
export class AmapiRefusal extends Error {}

/** The connector the configuration names (`AMAPI_CONNECTOR`). */
export function amapiConnector(config: Config, db: Db): AndroidManagementApi {
  switch (config.AMAPI_CONNECTOR) {
    case 'standin':
      return amapiStandin(config, db);
  }
}
