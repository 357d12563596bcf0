import { z } from 'zod';
import type { Row } from '../engine/hooks';
import { defineOperation, type OperationContext } from '../services/registry';
import { AmapiRefusal, amapiConnector } from './amapi';
import { isConsoleCallback } from './amapi-standin';
import { organizationOf, saveOrganization } from './organization-write';
import { mdmTexts, readerOf } from './texts';

/**
 * The Android enterprise binding of `/app/mdmafw` (docs/mdm.md): `mdmAndroidSignup` asks AMAPI
 * for a signup URL and keeps the company's android organization `pending` with its name;
 * `mdmAndroidComplete` hands AMAPI the token the signup came back with and, if AMAPI creates the
 * enterprise, stores it `bound`. Company administrators, as the organizations' other writes.
 */

/** The AMAPI project the enterprises belong to (a Google Cloud project with the real API). */
const PROJECT_ID = 'flota';

type Db = OperationContext['db'];

const androidOrganization = (db: Db, company: number) => organizationOf(db, company, 'android');
const saveAndroid = (trx: Db, ctx: OperationContext, before: Row | null, values: Row) =>
  saveOrganization(trx, ctx, 'android', before, values);

const companyOf = (ctx: OperationContext) => ctx.user.companyId ?? -1;

export const mdmAndroidSignup = defineOperation({
  name: 'mdmAndroidSignup',
  parameter: z.object({
    callbackUrl: z.string().max(300).default('/app/mdmafw'),
    contactEmail: z.email().max(200).optional(),
  }),
  permission: 'admin',
  async handler({ callbackUrl, contactEmail }, ctx) {
    if (!isConsoleCallback(callbackUrl)) throw mdmTexts.refusal(readerOf(ctx), 'badCallback');
    const amapi = amapiConnector(ctx.config, ctx.db);
    return ctx.db.transaction().execute(async (trx) => {
      const before = await androidOrganization(trx, companyOf(ctx));
      if (before?.state === 'bound') {
        throw mdmTexts.refusal(readerOf(ctx), 'alreadyBound', {
          enterprise: String(before.enterpriseName),
        });
      }
      const signup = await amapi.signupUrls.create({ callbackUrl, projectId: PROJECT_ID });
      const values: Row = { state: 'pending', signupUrlName: signup.name };
      if (contactEmail) values.contactEmail = contactEmail;
      const organization = await saveAndroid(trx, ctx, before, values);
      return { url: signup.url, organization };
    });
  },
});

export const mdmAndroidComplete = defineOperation({
  name: 'mdmAndroidComplete',
  parameter: z.object({ enterpriseToken: z.string().min(1).max(500) }),
  permission: 'admin',
  async handler({ enterpriseToken }, ctx) {
    const amapi = amapiConnector(ctx.config, ctx.db);
    return ctx.db.transaction().execute(async (trx) => {
      const before = await androidOrganization(trx, companyOf(ctx));
      if (before?.state === 'bound') {
        throw mdmTexts.refusal(readerOf(ctx), 'alreadyBound', {
          enterprise: String(before.enterpriseName),
        });
      }
      if (!before || before.state !== 'pending' || !before.signupUrlName) {
        throw mdmTexts.refusal(readerOf(ctx), 'noSignup');
      }
      const enterprise = await amapi.enterprises
        .create({
          signupUrlName: String(before.signupUrlName),
          enterpriseToken,
          projectId: PROJECT_ID,
          contactInfo: { contactEmail: (before.contactEmail as string | null) ?? undefined },
        })
        .catch((error: unknown) => {
          if (error instanceof AmapiRefusal) throw mdmTexts.refusal(readerOf(ctx), 'badToken');
          throw error;
        });
      return saveAndroid(trx, ctx, before, {
        state: 'bound',
        enterpriseName: enterprise.name,
        signupUrlName: null,
      });
    });
  },
});
