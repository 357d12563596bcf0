import { areaTexts } from '../services/area-texts';

/** The MDM roles' refusals (server/mdm/roles.ts), in the caller's language. */
export const mdmRoleTexts = areaTexts({
  es: {
    noAction: 'Sus roles MDM ({roles}) no le permiten {action}.',
    notReached: 'Sus roles MDM ({roles}) no alcanzan estos dispositivos: {mids}.',
    noPlatform: 'Sus roles MDM ({roles}) no alcanzan la organización {platform}.',
    unknownOperator: 'El operador «{login}» no es un usuario de la empresa.',
    groupWithoutProject: 'Un grupo de dispositivos es de un proyecto: elija también el proyecto.',
    groupNotInProject: 'El grupo {group} no es un grupo de dispositivos del proyecto «{project}».',
    noGroup: 'Sus roles MDM ({roles}) no alcanzan el grupo «{group}» del proyecto «{project}».',
    command: 'enviar órdenes a los dispositivos',
    wipe: 'borrar dispositivos',
    approve: 'aprobar o rechazar dispositivos',
    editPolicies: 'cambiar políticas ni dispositivos',
  },
  en: {
    noAction: 'Your MDM roles ({roles}) do not allow you to {action}.',
    notReached: 'Your MDM roles ({roles}) do not reach these devices: {mids}.',
    noPlatform: 'Your MDM roles ({roles}) do not reach the {platform} organization.',
    unknownOperator: 'Operator "{login}" is not a user of the company.',
    groupWithoutProject: 'A device group belongs to a project: choose the project too.',
    groupNotInProject: 'Group {group} is not a device group of project "{project}".',
    noGroup: 'Your MDM roles ({roles}) do not reach group "{group}" of project "{project}".',
    command: 'send commands to devices',
    wipe: 'wipe devices',
    approve: 'approve or refuse devices',
    editPolicies: 'change policies or devices',
  },
});
