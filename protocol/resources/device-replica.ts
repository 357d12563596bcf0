import { defineResource, type VerbDefinition } from '../resource-definition';
import { field } from '../resource-schema';

/** What deviceReplicaOperations checks (server/replication/console.ts): devices.modify show. */
const list: VerbDefinition = {
  permission: { node: 'devices.modify', mode: 'show' },
  call: { operation: 'deviceReplicaOperations' },
};

/**
 * A device's pending replica operations (001 §3 "Operations: ID, TIMESTAMP, CGSSQL"): its
 * outgoing queue (SQUEUE), oldest first, as it will receive them (docs/replication.md). Shown in
 * the device dialog's Réplica tab with the device as its fixed filter (`{mid}`).
 */
export const DEVICE_REPLICA = defineResource({
  name: 'device-replica',
  title: {
    one: { es: 'Operación pendiente', en: 'Pending operation' },
    many: { es: 'Operaciones pendientes', en: 'Pending operations' },
  },
  path: '/app/devicelist/device-replica',
  embedded: true,
  scope: 'project',
  node: 'devices.modify',
  key: 'ID',
  labelField: 'CGSSQL',
  sort: { field: 'ID', order: 'ASC' },
  perPage: [10, 100],
  fields: [
    field('ID', 'number', { label: { es: 'ID', en: 'ID' }, filter: false }),
    field('TIMESTAMP', 'datetime', {
      label: { es: 'Fecha', en: 'Date' },
      filter: false,
      sort: false,
    }),
    field('CGSSQL', 'longtext', { label: { es: 'SQL', en: 'SQL' }, filter: false, sort: false }),
    field('mid', 'text', {
      label: { es: 'Dispositivo (MID)', en: 'Device (MID)' },
      list: false,
      sort: false,
      export: false,
    }),
  ],
  verbs: { list, export: list },
});
