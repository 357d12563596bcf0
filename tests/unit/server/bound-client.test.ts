import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../server/auth';
import { namedOutsideBinding } from '../../../server/services/projects/binding';
import { outsideBinding } from '../../../server/services/projects/rule';

const bound = { boundProject: { numero: 4, pid: 'ventas' } } as SessionUser;
const free = {} as SessionUser;

describe('a client bound to a project', () => {
  it('reaches its project only', () => {
    expect(outsideBinding(bound, 4)).toBe(false);
    expect(outsideBinding(bound, 5)).toBe(true);
    expect(outsideBinding(free, 5)).toBe(false);
  });

  it('is refused a call that names another project, by number or pid', () => {
    expect(namedOutsideBinding(bound, { database: 4 })).toBeNull();
    expect(namedOutsideBinding(bound, { database: 5 })).toBe('5');
    expect(namedOutsideBinding(bound, { dbid: '6' })).toBe('6');
    expect(namedOutsideBinding(bound, { pid: 'ventas' })).toBeNull();
    expect(namedOutsideBinding(bound, { pid: 'compras' })).toBe('compras');
    expect(namedOutsideBinding(bound, { projectID: 'compras' })).toBe('compras');
    expect(namedOutsideBinding(bound, { projectID: 4 })).toBeNull();
    expect(namedOutsideBinding(bound, { projectid: '9' })).toBe('9');
    expect(namedOutsideBinding(bound, {})).toBeNull();
    expect(namedOutsideBinding(free, { database: 5 })).toBeNull();
  });
});
