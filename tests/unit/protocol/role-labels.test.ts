import { describe, expect, it } from 'vitest';
import { rightsLabel, roleLabel } from '../../../protocol/roles';

describe('role and rights labels', () => {
  it('names every role and right of 000 §6 in both languages, never by its code', () => {
    expect(roleLabel('FLOTA', 'es')).toBe('Administrador de Flota');
    expect(roleLabel('ADMIN', 'en')).toBe('Company administrator');
    expect(roleLabel('USER', 'es')).toBe('Usuario');
    expect(roleLabel('FREE', 'en')).toBe('Free account');
    expect(rightsLabel('ADMINISTRADOR', 'es')).toBe('Administrador');
    expect(rightsLabel('USUARIO', 'en')).toBe('User');
  });

  it('shows a code it does not know as it is', () => {
    expect(roleLabel('AUDITOR', 'es')).toBe('AUDITOR');
    expect(rightsLabel('OTRO', 'en')).toBe('OTRO');
  });
});
