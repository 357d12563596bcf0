import { canAccess, type AccessNode, type AccessNodeId } from '../../../protocol/access-tree';
import { PERMISSION_TYPE } from '../../../protocol/menu-tree';
import type {
  ShareEnvironmentPermission,
  ShareGeneralPermission,
} from '../../../protocol/projects';
import { isAdmin } from '../../../protocol/roles';
import { languageOf } from '../../messages';
import type { MenuGate } from '../access/gates';
import { menuTreesRefusal, userTrees } from '../access/menu-gate';
import { areaTexts } from '../area-texts';
import { ServiceError, type OperationContext } from '../registry';
import { projectPermissions, type ProjectAccess } from './access';

/**
 * The per-environment rights of a project (002 §6: generate, download, publish), and the one rule
 * that decides them (docs/users.md, "Rights per environment"): for anyone but an administrator of
 * the company, every layer that speaks of the right must allow it, deny wins.
 */
export type EnvironmentRight = ShareEnvironmentPermission;

interface RightLayers {
  /** The share's general permission it also needs (the owner holds them all). */
  general: ShareGeneralPermission | null;
  /** The project tree's node it needs written: the share's tree, and type 4 of both environments. */
  node: AccessNodeId | null;
  /** The menu node it needs written in the target environment's menu trees (types 3/6 and 2). */
  menu: MenuGate;
}

const gate = (cloud: string, manager: string): MenuGate => ({
  node: { cloud, manager },
  mode: 'write',
});

/** What each right needs besides the share's per-environment flag of the same name. */
const LAYERS: ReadonlyMap<EnvironmentRight, RightLayers> = new Map([
  [
    'publish',
    { general: 'publish', node: 'publish', menu: gate('projects.list.publish', 'devices.mam') },
  ],
  // The frameworks area (002 §6 "Frameworks (Generate, Download, …)") checks these.
  [
    'download',
    { general: 'download', node: null, menu: gate('projects.frameworks.download', 'devices.mam') },
  ],
  [
    'generate',
    { general: null, node: null, menu: gate('projects.frameworks.generate', 'devices.mam') },
  ],
]);

const VERBS = {
  es: { publish: 'publicar', download: 'descargar', generate: 'generar' },
  en: { publish: 'publish', download: 'download', generate: 'generate' },
} as const;

const { text } = areaTexts({
  es: {
    general: 'No puede {action} el proyecto {numero}: su acceso compartido no lo incluye.',
    shareEnvironment:
      'No puede {action} el proyecto {numero} en el entorno «{environment}»: su acceso compartido no lo permite en ese entorno.',
    shareTree:
      'No puede {action} el proyecto {numero}: su árbol de accesos del proyecto no lo permite.',
    environmentTree:
      'No puede {action} el proyecto {numero} en el entorno «{environment}»: su árbol de accesos de los proyectos del entorno «{tree}» no lo permite.',
    environmentMenu: 'No puede {action} el proyecto {numero} en el entorno «{environment}»: {menu}',
  },
  en: {
    general: 'You cannot {action} project {numero}: your share does not include it.',
    shareEnvironment:
      'You cannot {action} project {numero} in environment “{environment}”: your share does not allow it there.',
    shareTree:
      'You cannot {action} project {numero}: your access tree of the project does not allow it.',
    environmentTree:
      'You cannot {action} project {numero} in environment “{environment}”: your access tree for the projects of environment “{tree}” does not allow it.',
    environmentMenu: 'You cannot {action} project {numero} in environment “{environment}”: {menu}',
  },
});

/** The share's per-environment flags: none stored allows (the general permission decides). */
async function shareAllows(
  ctx: OperationContext,
  numero: number,
  environmentId: number,
  right: EnvironmentRight,
): Promise<boolean> {
  const share = await ctx.db
    .selectFrom('core.project_shares')
    .select('env_permissions')
    .where('numero', '=', numero)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  const stored = (share?.env_permissions ?? {}) as Record<string, unknown>;
  if (Object.keys(stored).length === 0) return true;
  const flags = Object.hasOwn(stored, String(environmentId)) ? stored[String(environmentId)] : null;
  return typeof flags === 'object' && flags !== null && Object.hasOwn(flags, right)
    ? (flags as Record<string, unknown>)[right] === true
    : false;
}

/**
 * Refuses `right` on a project in an environment (a publication's target) unless every layer
 * allows it, naming the first that does not: the share's general permission, the share's flag
 * for that environment, the share's tree (capped by type 4 of the project's environment), the
 * user's project tree by environment (type 4) of the project's and of the target environment,
 * and the user's menu trees of the target environment. Administrators are never refused.
 * @example await requireEnvironmentRight(ctx, project, { id: 7, name: 'Producción' }, 'publish');
 */
export async function requireEnvironmentRight(
  ctx: OperationContext,
  project: ProjectAccess,
  environment: { id: number; name: string },
  right: EnvironmentRight,
): Promise<void> {
  if (isAdmin(ctx.user.profile)) return;
  const language = languageOf(ctx.user.language);
  const layers = LAYERS.get(right)!;
  const vars = {
    action: VERBS[language][right],
    numero: project.numero,
    environment: environment.name,
  };
  const refuse = (key: Parameters<typeof text>[1], more: Record<string, string> = {}): never => {
    throw new ServiceError(text(language, key, { ...vars, ...more }));
  };
  if (layers.general && !(await projectPermissions(ctx, project.numero))[layers.general]) {
    refuse('general');
  }
  if (!project.manager && !(await shareAllows(ctx, project.numero, environment.id, right))) {
    refuse('shareEnvironment');
  }
  if (layers.node && !project.can(layers.node, 'write')) refuse('shareTree');
  if (layers.node) {
    const trees = await userTrees(ctx.db, ctx.user.id, [PERMISSION_TYPE.projectByEnvironment]);
    const source = await ctx.db
      .selectFrom('core.projects')
      .select('environment_id')
      .where('numero', '=', project.numero)
      .executeTakeFirstOrThrow();
    for (const id of new Set([source.environment_id, environment.id])) {
      const tree = trees.find((entry) => entry.idenv === id)?.access as AccessNode[] | undefined;
      if (tree && !canAccess(tree, layers.node, 'write')) {
        const name = id === environment.id ? environment.name : await environmentName(ctx, id);
        refuse('environmentTree', { tree: name });
      }
    }
  }
  const menu = await menuTreesRefusal(ctx, layers.menu, async () => environment.id, language);
  if (menu) refuse('environmentMenu', { menu });
}

async function environmentName(ctx: OperationContext, id: number): Promise<string> {
  const row = await ctx.db
    .selectFrom('core.environments')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? String(id);
}
