import { defineResource } from '../resource-definition';
import { field } from '../resource-schema';
import { SELECTIVE_PROVISIONING } from '../selection';

/**
 * Each gen_ table's provisioning criteria (001 §2 tab 5, §5; docs/replication.md "Selection
 * rules"): the rows a device's initial database includes, by the table's own statement
 * (SELECTIVE 10) or, without one, by its replica rule. `checkProvisioning` and `selectionRules`
 * answer every gen_ table at once (one row each, unpaged), and the tables screen holds the latter
 * for tabs 2, 4 and 5, so the tab lists it from memory (DefinitionList's `data`); saving a
 * table's criteria is the tab's statement editor (`UpdateAST`).
 */
export const PROVISIONING_CRITERIA = defineResource({
  name: 'provisioning-criteria',
  title: {
    one: { es: 'Criterio de aprovisionamiento', en: 'Provisioning criteria' },
    many: { es: 'Criterios de aprovisionamiento', en: 'Provisioning criteria' },
  },
  path: '/app/sqltables/provisioning',
  embedded: true,
  scope: 'project',
  node: 'queries',
  key: 'TABLENAME',
  sort: { field: 'TABLENAME', order: 'ASC' },
  perPage: [100, 500],
  fields: [
    field('TABLENAME', 'text', {
      label: { es: 'Tabla', en: 'Table' },
      filter: false,
      noWrap: true,
    }),
    field('SELECTIVE', 'choice', {
      label: { es: 'Criterio', en: 'Criteria' },
      choices: [
        { code: 0, label: { es: 'Regla de replicación', en: 'Replica rule' } },
        { code: SELECTIVE_PROVISIONING, label: { es: 'Sentencia propia', en: 'Own statement' } },
      ],
      filter: false,
    }),
    field('CRITERIAPROVISIONNING', 'longtext', {
      label: { es: 'Sentencia', en: 'Statement' },
      filter: false,
      sort: false,
    }),
  ],
});
