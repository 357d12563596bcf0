import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import { field } from '../../../protocol/resource-schema';
import { fieldProblem, problemText, recordProblems } from '../../../protocol/resource-validation';

const email = field('EMAIL', 'text', {
  label: { es: 'Correo electrónico', en: 'E-mail' },
  format: 'email',
  maxLength: 20,
});

describe('validation declared on a field', () => {
  it('checks required, number kinds and their limits', () => {
    const count = field('n', 'int', { required: true, min: 0, max: 10 });
    expect(fieldProblem(count, '')).toEqual({ rule: 'required' });
    expect(fieldProblem(count, null)).toEqual({ rule: 'required' });
    expect(fieldProblem(count, 'x')).toEqual({ rule: 'number' });
    expect(fieldProblem(count, 1.5)).toEqual({ rule: 'integer' });
    expect(fieldProblem(count, -1)).toEqual({ rule: 'min', limit: 0 });
    expect(fieldProblem(count, '11')).toEqual({ rule: 'max', limit: 10 });
    expect(fieldProblem(count, '7')).toBeNull();
    expect(fieldProblem(field('f', 'float'), 1.5)).toBeNull();
  });

  it('checks texts: length in characters, format and pattern', () => {
    expect(fieldProblem(email, 'ana@example')).toEqual({ rule: 'email' });
    expect(fieldProblem(email, 'ana@example.com')).toBeNull();
    expect(fieldProblem(email, `${'ñ'.repeat(16)}@a.es`)).toEqual({ rule: 'maxLength', limit: 20 });
    const mask = ENVIRONMENTS.fields.find((f) => f.source === 'datemask')!;
    expect(fieldProblem(mask, 'dd/mm/yyyy')).toBeNull();
    expect(fieldProblem(mask, 'dd/mm-yyyy')).toEqual({ rule: 'pattern' });
    const url = ENVIRONMENTS.fields.find((f) => f.source === 'address')!;
    expect(fieldProblem(url, 'ftp://x')).toEqual({ rule: 'url' });
    expect(fieldProblem(url, 'https://flota.example.com')).toBeNull();
  });

  it('takes only the codes of a choice and a boolean for a switch', () => {
    const platform = field('DEVICE_TYPE', 'choice', {
      choices: [{ code: 'ANDROID', label: { es: 'Android', en: 'Android' } }],
    });
    expect(fieldProblem(platform, 'ANDROID')).toBeNull();
    expect(fieldProblem(platform, 'BEOS')).toEqual({ rule: 'choice' });
    expect(fieldProblem(field('b', 'boolean'), 'true')).toEqual({ rule: 'boolean' });
  });

  it('names the field by its label in Spanish and English', () => {
    expect(problemText({ rule: 'email' }, 'Correo electrónico', 'es')).toBe(
      'El campo Correo electrónico no es una dirección de correo válida.',
    );
    expect(problemText({ rule: 'maxLength', limit: 20 }, 'E-mail', 'en')).toBe(
      'E-mail takes at most 20 characters.',
    );
  });

  it('checks on edit only the fields sent, on create every field', () => {
    const fields = ENVIRONMENTS.fields.filter((f) => f.create);
    expect(recordProblems(fields, {}, 'create').map((p) => p.field.source)).toEqual([
      'title',
      'address',
      'authority',
    ]);
    expect(recordProblems(fields, { title: 'Nuevo' }, 'edit')).toEqual([]);
  });
});
