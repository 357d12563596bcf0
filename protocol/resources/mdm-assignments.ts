import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { POLICY_PLATFORM_CHOICES } from './mdm-policies';

/** The priority a new assignment starts with: the lower wins (docs/decisions.md). */
export const DEFAULT_ASSIGNMENT_PRIORITY = 100;

const entity = defineEntity({
  name: 'mdm-assignments',
  table: 'mdm_assignments',
  title: {
    one: { es: 'Asignación de política', en: 'Policy assignment' },
    many: { es: 'Asignaciones a grupos', en: 'Group assignments' },
  },
  path: '/app/mdmpoliciesedit/assignments',
  labelField: 'groupName',
  search: { es: 'Buscar por grupo', en: 'Search by group' },
  permissions: { read: { role: 'user' }, write: { role: 'admin' } },
  sort: { field: 'priority', order: 'ASC' },
  // Shown inside its policy's editor: the policy column says nothing there (it can be shown).
  hiddenColumns: ['policy'],
  fields: [
    field('policy', 'reference', {
      label: { es: 'Política', en: 'Policy' },
      reference: 'mdm-policies',
      required: true,
      create: true,
    }),
    field('project', 'reference', {
      label: { es: 'Proyecto', en: 'Project' },
      reference: 'recents',
      required: true,
      create: true,
    }),
    field('group', 'reference', {
      label: { es: 'Grupo de dispositivos', en: 'Device group' },
      reference: 'groups',
      projectField: 'project',
      required: true,
      create: true,
      edit: true,
      hint: {
        es: 'sus dispositivos de la plataforma de la política la reciben',
        en: "its devices of the policy's platform receive it",
      },
    }),
    field('priority', 'int', {
      label: { es: 'Prioridad', en: 'Priority' },
      required: true,
      default: DEFAULT_ASSIGNMENT_PRIORITY,
      min: 0,
      max: 9999,
      create: true,
      edit: true,
      hint: {
        es: 'un dispositivo en dos grupos asignados toma la de número menor',
        en: 'a device in two assigned groups takes the lower number',
      },
    }),
    // Copied from the group and the policy by the hook (server/engine/hooks/mdm-assignments.ts).
    field('groupName', 'text', {
      label: { es: 'Nombre del grupo', en: 'Group name' },
      readOnly: true,
      list: false,
      maxLength: 200,
    }),
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: POLICY_PLATFORM_CHOICES,
      readOnly: true,
      list: false,
    }),
    // The managed devices whose policy comes from it, kept by every recomputation.
    field('devices', 'int', {
      label: { es: 'Dispositivos', en: 'Devices' },
      readOnly: true,
    }),
  ],
});

/**
 * A policy assigned to a project's device group (issue 36, docs/mdm.md "Assignment"): the group's
 * managed devices of the policy's platform take it, unless an administrator gave a device its own
 * policy; a device in two assigned groups takes the assignment of lower `priority` (then the
 * older). Shown and written inside the policy editor (`/app/mdmpoliciesedit?policyid=`, its
 * "Grupos" tab), so no menu entry; the rules and the recomputation are
 * server/engine/hooks/mdm-assignments.ts and server/mdm/assignment.ts.
 */
export const MDM_ASSIGNMENTS = {
  ...entity,
  embedded: true,
  // A phone's card: the group is its title; where, in which order, and how many it moves.
  card: { title: 'groupName', fields: ['project', 'priority', 'devices'] },
};
