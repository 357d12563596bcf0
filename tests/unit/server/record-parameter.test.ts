import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import { fieldIssueTexts, recordParameter } from '../../../server/resources/record-parameter';

describe('the zod parameter of a declared resource', () => {
  it('fills defaults on create and turns typed numbers into numbers', () => {
    const parsed = recordParameter(ENVIRONMENTS, 'create').parse({
      title: 'Pruebas',
      address: 'https://a.example.com',
      authority: 'https://a.example.com/oidc',
      maxLicences: '5',
      system: true,
      extra: 'dropped',
    });
    expect(parsed).toEqual({
      title: 'Pruebas',
      address: 'https://a.example.com',
      authority: 'https://a.example.com/oidc',
      maxLicences: 5,
      datemask: 'dd/mm/yyyy',
    });
  });

  it('keeps the extra shape and leaves out on edit what is not sent', () => {
    const parameter = recordParameter(ENVIRONMENTS, 'edit', { id: z.number() });
    expect(parameter.parse({ id: 3, title: 'Otro' })).toEqual({ id: 3, title: 'Otro' });
    expect(parameter.safeParse({ title: 'Otro' }).success).toBe(false);
  });

  it('refuses by the field labels, in the caller language', () => {
    const result = recordParameter(ENVIRONMENTS, 'create').safeParse({
      title: '',
      address: 'nope',
      authority: 'https://a.example.com/oidc',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldIssueTexts(result.error, 'es')).toBe(
      'El campo Nombre es obligatorio. El campo Dirección del servidor debe ser una dirección http o https.',
    );
    expect(fieldIssueTexts(result.error, 'en')).toBe(
      'Name is required. Server address must be an http or https address.',
    );
  });

  it('leaves other zod errors to the route', () => {
    const result = z.object({ a: z.string() }).safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldIssueTexts(result.error, 'es')).toBeNull();
  });
});
