import { rowIdField } from '../../db/storable';
import { z } from 'zod';
import type { SessionUser } from '../../auth';
import type { Config } from '../../config';
import { refusal } from './refuse';

/**
 * What an environment's fields accept. The parameter schemas check only the types (and bound
 * the sizes); the rules below check the values, so that a bad value gets a description in the
 * caller's language naming the field.
 */

export const ENVIRONMENT_NAME_MAX = 100;
/** The largest licence count an environment or a project holds. */
export const LICENCES_MAX = 1_000_000_000;
export const DEFAULT_DATEMASK = 'dd/mm/yyyy';

/** A text field as sent: bounded so a huge value is refused before any rule reads it. */
export const textField = z.string().max(2000);
/** A licence count as sent: a number or the text of one (forms send text). */
export const countField = z.union([z.number(), z.string().max(30)]);

/** An environment id; the console may send it as text from its route. */
export const environmentIdField = rowIdField('an environment id');

const DATEMASK = /^(dd|mm|yyyy|yy)([/.\- ])(dd|mm|yyyy|yy)\2(dd|mm|yyyy|yy)$/;

export function environmentName(user: SessionUser, value: string): string {
  const name = value.trim();
  if (!name) throw refusal(user, 'environmentNameRequired');
  if (name.length > ENVIRONMENT_NAME_MAX) {
    throw refusal(user, 'environmentNameTooLong', { max: ENVIRONMENT_NAME_MAX });
  }
  return name;
}

/** An http(s) URL without credentials, query or fragment, without a trailing slash; or null. */
export function plainUrl(value: string): string | null {
  const text = value.trim();
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (!['http:', 'https:'].includes(url.protocol)) return null;
  if (url.username || url.password || url.search || url.hash || text.includes('?')) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function managerUrl(user: SessionUser, value: string): string {
  const url = plainUrl(value);
  if (url === null) throw refusal(user, 'managerUrlInvalid', { value: value.slice(0, 200) });
  return url;
}

export function authorityUrl(user: SessionUser, value: string): string {
  const url = plainUrl(value);
  if (url === null) throw refusal(user, 'authorityUrlInvalid', { value: value.slice(0, 200) });
  return url;
}

/** dd, mm and yyyy (or yy), each once, with one separator: dd/mm/yyyy, yyyy-mm-dd… */
export function datemask(user: SessionUser, value: string): string {
  const mask = value.trim();
  const parts = DATEMASK.exec(mask);
  const kinds = parts ? new Set([parts[1][0], parts[3][0], parts[4][0]]) : new Set();
  if (kinds.size !== 3) throw refusal(user, 'datemaskInvalid', { value: value.slice(0, 100) });
  return mask;
}

/** A whole number of licences from 0 to LICENCES_MAX, given as a number or its text. */
export function licenceCount(user: SessionUser, value: number | string): number {
  const count = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(count) || count < 0 || count > LICENCES_MAX) {
    throw refusal(user, 'licencesInvalid', { max: LICENCES_MAX, value: String(value) });
  }
  return count;
}

/** An environment whose identity provider is this server's own issuer is a system environment. */
export function isSystemAuthority(config: Config, authority: string): boolean {
  return plainUrl(authority) === plainUrl(config.issuer);
}
