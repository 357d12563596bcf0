import { ErrorCode } from '../../../protocol/envelope';
import { languageOf } from '../../messages';
import { menuGateRefusal } from '../access/menu-gate';
import { projectPermission, requireProject } from '../projects/access';
import { defineOperation, ServiceError, type Permission } from '../registry';
import { admgroupsParameter, WRITE_OPERS } from './parameters';
import { checkPid } from './pid';
import { groupCandidates, lightGroups, listGroups, readGroup } from './read';
import { deleteGroup, saveGroup } from './save';
import { groupRefusal } from './texts';

type Check = Exclude<Permission, string>;
const canShow = projectPermission('settings.groups', 'show') as Check;
const canWrite = projectPermission('settings.groups', 'write') as Check;

/**
 * `admgroups` (002 §7 Admin API): a project's device groups by `oper` (parameters.ts). Reading
 * needs the project node `settings.groups` with show, changing it with write (000 §6: the
 * project's owner and the company's administrators have both); a change is also gated by the
 * caller's menu tree as `admgroups update` / `admgroups delete` (the device area's write).
 */
export const admgroups = defineOperation({
  name: 'admgroups',
  parameter: admgroupsParameter,
  permission: (user, parameter, ctx) => {
    const oper = (parameter as { oper?: string }).oper ?? '';
    return (WRITE_OPERS.includes(oper) ? canWrite : canShow)(user, parameter, ctx);
  },
  async handler(parameter, ctx) {
    const project = await requireProject(ctx, parameter.database);
    await checkPid(ctx, project, parameter.pid);
    if (WRITE_OPERS.includes(parameter.oper)) {
      const gate = `admgroups ${parameter.oper}`;
      const denied = await menuGateRefusal(gate, parameter, ctx, languageOf(ctx.user.language));
      if (denied) throw new ServiceError(denied, ErrorCode.forbidden, 403);
    }
    switch (parameter.oper) {
      case 'all':
        return listGroups(parameter, ctx, project);
      case 'groups':
        return lightGroups(parameter, project);
      case 'users':
        return groupCandidates(parameter, ctx, project);
      case 'group':
        return readGroup(ctx, project, parameter.ID);
      case 'update':
        return saveGroup(ctx, project, parameter.ID ?? parameter.data.ID, parameter.data);
      case 'delete': {
        const id = parameter.ID ?? parameter.data?.ID;
        if (id === undefined) throw groupRefusal(ctx.user, 'idRequired');
        return deleteGroup(ctx, project, id);
      }
    }
  },
});
