import { expect } from 'vitest';
import type { TestApp } from './app';

/** A label in both console languages. */
export const label = (es: string, en: string) => ({ es, en });

/**
 * Makes a company-scoped custom entity through `POST /api/rest/custom-entities`, read and written
 * by every user of the company: its titles one and many, in Spanish then English, and its fields.
 */
export async function addCustomEntity(
  t: TestApp,
  token: string,
  name: string,
  title: { one: [string, string]; many: [string, string] },
  fields: Record<string, unknown>[],
): Promise<void> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/rest/custom-entities',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name,
      scope: 'company',
      title: { one: label(...title.one), many: label(...title.many) },
      fields,
      permissions: { read: 'user', write: 'user' },
    },
  });
  expect(created.statusCode).toBe(201);
}
