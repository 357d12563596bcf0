import { GROUP_MESSAGES } from '../../../protocol/groups';
import { areaTexts } from '../area-texts';

/**
 * The refusals of the groups tab (admgroups, syncgroups, provigroup), in the console's two
 * languages: the specification's own messages (protocol/groups.ts) and ours around them.
 */
export const { refusal: groupRefusal, text: groupText } = areaTexts({
  es: {
    ...GROUP_MESSAGES.es,
    groupNotFound: 'El grupo {id} no existe en el proyecto «{project}».',
    nameTaken: 'Ya existe un grupo «{name}» en el proyecto «{project}».',
    devicesNotFound:
      'No existen en el proyecto «{project}» los dispositivos con ID {ids}; no se ha guardado el grupo.',
    usersNotFound:
      'Los usuarios {ids} no pueden gestionar grupos del proyecto «{project}» (no tienen acceso a él); no se ha guardado el grupo.',
    publishNotMember:
      'Solo los usuarios del grupo pueden publicar en él (usuarios {ids}); no se ha guardado el grupo.',
    midsNotFound:
      'No existen en el proyecto «{project}» los dispositivos con MID {mids}; no se ha guardado el grupo.',
    tooManyDevices: 'Un grupo tiene como mucho {max} dispositivos; no se ha guardado el grupo.',
    tooManyUsers: 'Un grupo tiene como mucho {max} usuarios; no se ha guardado el grupo.',
    pidMismatch: 'El proyecto {numero} no tiene el identificador {pid}.',
    idRequired: 'Indique el grupo (ID).',
    inGroup: '«{name}»: {reason}',
  },
  en: {
    ...GROUP_MESSAGES.en,
    groupNotFound: 'Group {id} does not exist in project “{project}”.',
    nameTaken: 'There is already a group “{name}” in project “{project}”.',
    devicesNotFound: 'Project “{project}” has no devices with ID {ids}; the group was not saved.',
    usersNotFound:
      'Users {ids} cannot manage groups of project “{project}” (they have no access to it); the group was not saved.',
    publishNotMember:
      'Only users of the group may publish to it (users {ids}); the group was not saved.',
    midsNotFound: 'Project “{project}” has no devices with MID {mids}; the group was not saved.',
    tooManyDevices: 'A group holds at most {max} devices; the group was not saved.',
    tooManyUsers: 'A group holds at most {max} users; the group was not saved.',
    pidMismatch: 'Project {numero} does not have the identifier {pid}.',
    idRequired: 'Name the group (ID).',
    inGroup: '“{name}”: {reason}',
  },
});
