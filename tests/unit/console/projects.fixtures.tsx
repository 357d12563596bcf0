import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import {
  AdminContext,
  memoryStore,
  Notification,
  TestMemoryRouter,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { uniformTree } from '../../../protocol/access-tree';
import type { EnvironmentEntry, ProjectEntry, ProjectShare } from '../../../protocol/projects';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { WithSlots } from './slots.fixtures';

const NONE = {
  download: false,
  delete: false,
  publish: false,
  edit: false,
  share: false,
  restore: false,
};
const ALL = { download: true, delete: true, publish: true, edit: true, share: true, restore: true };

export function projectEntry(overrides: Partial<ProjectEntry> = {}): ProjectEntry {
  return {
    numero: 7,
    pid: 'pid-demo',
    name: 'Demo',
    dbname: 'demo',
    projectType: 'mam',
    environment: 1,
    owner: true,
    username: 'admin',
    licences: 50,
    licensesInUse: 12,
    deleted: false,
    datedeleted: null,
    lastaccess: '2026-11-20T10:30:00Z',
    jsonAccess: uniformTree(true, true),
    permissions: ALL,
    shares: 0,
    licensesbyBD: { database: 7, usageLicenses: 12, maxLicenses: 50 },
    hasGroups: false,
    groups: [],
    platforms: [{ id: 1, platform: 'ANDROID' }],
    ...overrides,
  };
}

export const sharedEntry = (overrides: Partial<ProjectEntry> = {}) =>
  projectEntry({
    numero: 9,
    pid: 'pid-almacen',
    name: 'Almacén',
    owner: false,
    username: 'lucia',
    lastaccess: null,
    jsonAccess: uniformTree(true, false),
    permissions: { ...NONE, download: true },
    ...overrides,
  });

export function environmentEntry(overrides: Partial<EnvironmentEntry> = {}): EnvironmentEntry {
  return {
    id: 1,
    title: 'Producción',
    address: 'http://127.0.0.1:8080',
    authority: 'http://127.0.0.1:8080/oidc',
    port: 8080,
    system: true,
    external: false,
    maxLicences: 100,
    assignedLicences: 50,
    usedLicences: 12,
    freeLicences: 50,
    projects: 1,
    datemask: 'dd/MM/yyyy',
    graph: [],
    ...overrides,
  };
}

export function existingShare(overrides: Partial<ProjectShare> = {}): ProjectShare {
  return {
    userId: 3,
    login: 'usuario',
    email: 'usuario@example.com',
    permissions: { ...NONE, download: true },
    envPermissions: {},
    access: uniformTree(true, false),
    ...overrides,
  };
}

/** A fake data provider of the projects area: recents, shareds, sharing and environments. */
export function fakeProjectsProvider(overrides: Record<string, unknown> = {}) {
  const provider = {
    recents: vi.fn(async () => ({ data: [projectEntry(), sharedEntry()], total: 2 })),
    shareds: vi.fn(async () => ({ data: [sharedEntry()], total: 1 })),
    environments: vi.fn(async () => ({
      data: [
        environmentEntry(),
        environmentEntry({ id: 2, title: 'Pruebas', external: true, system: false }),
      ],
      total: 2,
    })),
    projectShares: vi.fn(async (): Promise<ProjectShare[]> => []),
    usersForShare: vi.fn(async () => ({
      data: [{ id: 3, login: 'usuario', email: 'usuario@example.com', admin: false }],
      total: 1,
    })),
    shareProject: vi.fn(async () => existingShare()),
    unshareProject: vi.fn(async () => true),
    publishProject: vi.fn(async () => ({ numero: 11, local: false })),
    ...overrides,
  };
  // Every environment the provider lists but the project's own (1) may be published to.
  const publishTargets = vi.fn(async () => {
    const listed = await (provider.environments as () => Promise<{ data: { id: number }[] }>)();
    return listed.data
      .filter((environment) => environment.id !== 1)
      .map((environment) => ({ id: environment.id, allowed: true, reason: null }));
  });
  return { publishTargets, ...provider };
}

const authProvider = (admin: boolean): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({
    profile: { role: admin ? 'ADMIN' : 'USER', rights: admin ? 'ADMINISTRADOR' : 'USUARIO' },
    menu: [],
  }),
});

/** Renders projects-area parts at `path`, in Spanish, with toasts. */
export function renderProjects(
  provider: Record<string, unknown>,
  ui: ReactNode,
  { path = '/app/recents', admin = false } = {},
) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={provider as unknown as DataProvider}
        authProvider={authProvider(admin)}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <WithSlots>{ui}</WithSlots>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}
