import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../server/auth';
import { ServiceError } from '../../../server/services/registry';
import {
  databaseName,
  licenceCount,
  projectName,
  withUniqueNames,
} from '../../../server/services/projects/store';

const user = { language: 'es' } as SessionUser;
const names = { name: 'Carrera', dbname: 'carrera' };
const clash = (constraint: string) =>
  Object.assign(new Error('duplicate key'), { code: '23505', constraint });

describe('withUniqueNames', () => {
  it('turns a clash on the name or database name index into its refusal', async () => {
    const name = withUniqueNames(user, names, () =>
      Promise.reject(clash('projects_company_name_key')),
    );
    await expect(name).rejects.toThrow(ServiceError);
    await expect(name).rejects.toThrow(
      'Ya existe un proyecto con ese nombre en su empresa: «Carrera».',
    );
    await expect(
      withUniqueNames(user, names, () => Promise.reject(clash('projects_company_dbname_key'))),
    ).rejects.toThrow('Ya existe un proyecto con la base de datos «carrera» en su empresa.');
  });

  it('passes other failures on and answers the result', async () => {
    const other = clash('some_other_key');
    await expect(withUniqueNames(user, names, () => Promise.reject(other))).rejects.toBe(other);
    await expect(withUniqueNames(user, names, async () => 7)).resolves.toBe(7);
  });
});

describe('new project fields', () => {
  it('trims names and checks their length', () => {
    expect(projectName(user, '  Norte ')).toBe('Norte');
    expect(() => projectName(user, ' ')).toThrow('Indique el nombre del proyecto.');
    expect(projectName(user, 'x'.repeat(100))).toHaveLength(100);
    expect(() => projectName(user, 'x'.repeat(101))).toThrow(/100 caracteres/);
  });

  it('accepts database names that are schema names', () => {
    for (const ok of ['a', '_a', 'Demo_2', 'x'.repeat(63)]) expect(databaseName(user, ok)).toBe(ok);
    for (const bad of ['', '2a', 'a-b', 'a b', 'pg_a', 'año', 'x'.repeat(64), 'a;b']) {
      expect(() => databaseName(user, bad), bad).toThrow(ServiceError);
    }
  });

  it('accepts whole licence counts from 0, as numbers or text', () => {
    expect(licenceCount(user, 0)).toBe(0);
    expect(licenceCount(user, ' 12 ')).toBe(12);
    for (const bad of [-1, 1.5, '-1', '1e3', 'abc', '', Number.NaN, 2e9]) {
      expect(() => licenceCount(user, bad), String(bad)).toThrow(ServiceError);
    }
  });
});
