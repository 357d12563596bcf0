import type { FieldChoice } from '../resource-schema';
import { PROVISION_KINDS, TaskStatus, type ProvisionKind } from '../provisioning';
import { defineResource, type VerbDefinition } from '../resource-definition';
import { field } from '../resource-schema';

const KIND_LABELS: Record<ProvisionKind, FieldChoice['label']> = {
  install: { es: 'Instalación', en: 'Install' },
  config: { es: 'Configuración', en: 'Configuration' },
  database: { es: 'Base de datos', en: 'Database' },
  databaseSafe: { es: 'Base de datos segura', en: 'Secure database' },
  deleteSafe: { es: 'Borrar base de datos segura', en: 'Delete secure database' },
};

const STATUS_LABELS: Record<keyof typeof TaskStatus, FieldChoice['label']> = {
  waiting: { es: 'Pendiente', en: 'Waiting' },
  running: { es: 'En curso', en: 'Running' },
  done: { es: 'Terminada', en: 'Done' },
  failed: { es: 'Fallida', en: 'Failed' },
  cancelled: { es: 'Cancelada', en: 'Cancelled' },
};

/** The device the list belongs to: its fixed filter, never a column (as the other tabs'). */
const device = field('mid', 'text', {
  label: { es: 'Dispositivo (MID)', en: 'Device (MID)' },
  list: false,
  sort: false,
  export: false,
});

/** Neither list filters by its columns: the server pages them by ID. */
const column = { filter: false, sort: false } as const;

const tasksList: VerbDefinition = {
  permission: { node: 'devices', mode: 'show' },
  call: { operation: 'deviceData', fixed: { data: 'provision' } },
};

/**
 * A device's provision tasks (001 §2 Provision tab, deviceData 'provision' then
 * deviceProvisionTask): newest first, paged by the server. Shown inside the device dialog with
 * the device as its fixed filter (`{mid}`, required); a row opens its log below.
 */
export const PROVISION_TASKS = defineResource({
  name: 'provision-tasks',
  title: {
    one: { es: 'Tarea de provisión', en: 'Provision task' },
    many: { es: 'Tareas de provisión', en: 'Provision tasks' },
  },
  path: '/app/devicelist/provision-tasks',
  embedded: true,
  scope: 'project',
  node: 'devices',
  key: 'ID',
  labelField: 'ID',
  sort: { field: 'ID', order: 'DESC' },
  perPage: [5, 10, 25],
  refreshSeconds: 3,
  fields: [
    field('ID', 'int', { label: { es: 'ID', en: 'ID' }, filter: false }),
    field('KIND', 'choice', {
      label: { es: 'Tipo', en: 'Kind' },
      choices: PROVISION_KINDS.map((code) => ({ code, label: KIND_LABELS[code] })),
      ...column,
    }),
    field('STARTED', 'datetime', { label: { es: 'Inicio', en: 'Started' }, ...column }),
    field('ENDED', 'datetime', { label: { es: 'Fin', en: 'Ended' }, ...column }),
    field('STATUS', 'choice', {
      label: { es: 'Estado', en: 'Status' },
      choices: Object.entries(TaskStatus).map(([name, code]) => ({
        code,
        label: STATUS_LABELS[name as keyof typeof TaskStatus],
      })),
      ...column,
    }),
    field('USERDATA', 'text', { label: { es: 'Usuario', en: 'User' }, ...column }),
    device,
  ],
  verbs: { list: tasksList, export: tasksList },
});

const logList: VerbDefinition = {
  permission: { node: 'devices', mode: 'show' },
  call: { operation: 'deviceProvisionTask', fixed: { oper: 'log' } },
};

/**
 * The log of one provision task (001 §7 deviceProvisionTask `oper: 'log'`): what the server and
 * the device wrote while doing it, oldest first. Its fixed filter names the device and the task
 * (`{mid, task}`, both required).
 */
export const PROVISION_LOG = defineResource({
  name: 'provision-log',
  title: {
    one: { es: 'Línea del registro', en: 'Log line' },
    many: { es: 'Registro de la tarea', en: 'Task log' },
  },
  path: '/app/devicelist/provision-log',
  embedded: true,
  scope: 'project',
  node: 'devices',
  key: 'ID',
  labelField: 'LOGMESSAGE',
  sort: { field: 'ID', order: 'ASC' },
  perPage: [10, 5, 25],
  refreshSeconds: 3,
  fields: [
    field('ID', 'int', { label: { es: 'ID', en: 'ID' }, list: false, filter: false }),
    field('LOGCREATED', 'datetime', { label: { es: 'Fecha', en: 'Date' }, ...column }),
    field('LOGTYPE', 'choice', {
      label: { es: 'Tipo', en: 'Type' },
      choices: [
        { code: 'info', label: { es: 'Info', en: 'Info' } },
        { code: 'warning', label: { es: 'Aviso', en: 'Warning' } },
        { code: 'error', label: { es: 'Error', en: 'Error' } },
      ],
      ...column,
    }),
    field('LOGMESSAGE', 'text', { label: { es: 'Mensaje', en: 'Message' }, ...column }),
    device,
    field('task', 'int', {
      label: { es: 'Tarea', en: 'Task' },
      list: false,
      sort: false,
      export: false,
    }),
  ],
  verbs: { list: logList, export: logList },
});
