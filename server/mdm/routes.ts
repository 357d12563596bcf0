import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { isConsoleCallback, STANDIN_SIGNUP_PATH, standinEnterpriseToken } from './amapi-standin';

/**
 * The stand-in's signup page (docs/mdm.md): where Google's page would have the person sign up
 * for Managed Google Play, it sends them straight back to the console's `callbackUrl` with the
 * `enterpriseToken` of that signup, as Google does once they are done. A bad request is 400.
 */
export function registerAmapiStandin(app: FastifyInstance, deps: { config: Config; db: Db }) {
  app.get<{ Querystring: { signupUrlName?: string; callbackUrl?: string } }>(
    STANDIN_SIGNUP_PATH,
    async (request, reply) => {
      const { signupUrlName, callbackUrl } = request.query;
      if (
        typeof signupUrlName !== 'string' ||
        !/^signupUrls\/C[0-9a-f]{16}$/.test(signupUrlName) ||
        typeof callbackUrl !== 'string' ||
        !isConsoleCallback(callbackUrl)
      ) {
        return reply.code(400).send();
      }
      const token = await standinEnterpriseToken(deps.config, deps.db, signupUrlName);
      const joiner = callbackUrl.includes('?') ? '&' : '?';
      return reply.redirect(`${callbackUrl}${joiner}enterpriseToken=${encodeURIComponent(token)}`);
    },
  );
}
