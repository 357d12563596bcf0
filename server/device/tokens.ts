import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashSecret, newSecret } from './secrets';

export interface NewEnrolmentToken {
  numero: number;
  createdBy: number | null;
  /** How many devices may enrol with it; null for any number. */
  maxUses: number | null;
  /** null: until revoked. */
  expiresAt: Date | null;
  /** Revoke the project's earlier tokens (rotation). */
  rotate: boolean;
}

export interface EnrolmentToken {
  id: number;
  numero: number;
  token: string;
  /** What a QR code carries: `flota://enrol?server=…&token=…`. */
  url: string;
  maxUses: number | null;
  expiresAt: string | null;
}

/** The text of an enrolment QR code. */
export function enrolmentUrl(server: string, token: string): string {
  return `flota://enrol?${new URLSearchParams({ server, token }).toString()}`;
}

/** Creates a project's enrolment token; the secret is returned here and never stored. */
export async function createEnrolmentToken(
  db: Kysely<Database>,
  publicUrl: string,
  options: NewEnrolmentToken,
): Promise<EnrolmentToken> {
  const token = newSecret();
  if (options.rotate) {
    await db
      .updateTable('core.enrolment_tokens')
      .set({ revoked_at: new Date() })
      .where('numero', '=', options.numero)
      .where('revoked_at', 'is', null)
      .execute();
  }
  const row = await db
    .insertInto('core.enrolment_tokens')
    .values({
      numero: options.numero,
      token_hash: hashSecret(token),
      max_uses: options.maxUses,
      expires_at: options.expiresAt,
      created_by: options.createdBy,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    numero: options.numero,
    token,
    url: enrolmentUrl(publicUrl, token),
    maxUses: options.maxUses,
    expiresAt: options.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Counts one use of a token when it is valid (not revoked, not expired, uses left) and returns
 * its project; null otherwise. One statement: the row lock makes concurrent uses of a
 * single-use token let exactly one through. Run inside the enrolment's transaction, so a
 * failed enrolment gives the use back.
 */
export async function consumeEnrolmentToken(
  db: Kysely<Database>,
  token: string,
): Promise<number | null> {
  const row = await db
    .updateTable('core.enrolment_tokens')
    .set((eb) => ({ uses: eb('uses', '+', 1), last_used_at: new Date() }))
    .where('token_hash', '=', hashSecret(token))
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning('numero')
    .executeTakeFirst();
  return row?.numero ?? null;
}
