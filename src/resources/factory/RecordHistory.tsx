import HistoryIcon from '@mui/icons-material/History';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import {
  useDataProvider,
  useGetList,
  useLocale,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { choiceLabel } from '../../../protocol/resource-schema';
import { REVISIONS } from '../../../protocol/resources/revisions';
import { useFieldLabel } from '../schema/fieldLabel';
import { cellText } from './cellText';

type Values = Record<string, unknown>;
const SHOWN = 10;
const fieldOf = (source: string) => REVISIONS.fields.find((f) => f.source === source)!;

/** A record's key in the revisions, as the server writes it (server/engine/rows.ts). */
const recordKey = (definition: ResourceDefinition, id: unknown, database?: number | null) =>
  definition.storage?.mapped?.schema === 'project' ? `${database}:${String(id)}` : String(id);

/**
 * A record's "Historial" in its edit form, for a resource the engine stores: its latest saved
 * changes, newest first, each with when, who, through which channel and every field's value
 * before and after (the `revisions` resource, docs/resources.md "Revisions").
 */
export function RecordHistory({
  definition,
  id,
  database,
  onReverted,
}: {
  definition: ResourceDefinition;
  id: unknown;
  /** The project of a table in each project's schema, whose revisions name it (`<numero>:<id>`). */
  database?: number | null;
  /** Offers to revert each change (to who may edit), and is called after one is reverted. */
  onReverted?: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const revert = (revision: Values) =>
    dataProvider.revertRevision(Number(revision.id)).then(
      () => {
        notify('factory.history.reverted', { type: 'success' });
        onReverted?.();
        refresh();
      },
      (error: Error) => notify(error.message, { type: 'error' }),
    );
  const language = useLocale() === 'en' ? 'en' : 'es';
  const label = useFieldLabel(definition.name);
  const { data, total, isPending } = useGetList('revisions', {
    filter: { resource: definition.name, record: recordKey(definition, id, database) },
    sort: { field: 'at', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  const text = (source: string, value: unknown) => {
    const field = definition.fields.find((f) => f.source === source);
    if (typeof value === 'boolean') return translate(`ra.boolean.${value}`);
    return field ? cellText(field, value, language) : String(value ?? '');
  };
  const changes = (revision: Values) => {
    const before = (revision.before ?? {}) as Values;
    const after = (revision.after ?? {}) as Values;
    // The record's own fields: not the engine's key, version and time of change.
    // In the definition's order.
    const fields = definition.fields.filter(
      (f) => !f.computed && (f.source in before || f.source in after),
    );
    return fields.flatMap((field) => {
      const source = field.source;
      const from = source in before ? text(source, before[source]) : '';
      const to = source in after ? text(source, after[source]) : '';
      // A field empty before and after (a created group's empty list of publishers) says nothing.
      if (from === '' && to === '') return [];
      return [`${label(field)}: ${[from, to].filter((v) => v !== '').join(' → ')}`];
    });
  };
  // A change of read-only fields only (a user locked: `active`) is not the form's to revert.
  const revertible = (revision: Values) =>
    revision.action === 'edit' &&
    definition.fields.some(
      (f) =>
        !f.computed &&
        !f.readOnly &&
        (f.source in ((revision.before ?? {}) as Values) ||
          f.source in ((revision.after ?? {}) as Values)),
    );
  if (isPending) return null;
  return (
    <Box component="section" aria-labelledby="record-history-title" sx={{ mt: 2 }}>
      <Typography
        id="record-history-title"
        variant="subtitle1"
        sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <HistoryIcon fontSize="small" /> {translate('factory.history.title')}
      </Typography>
      {!data || data.length === 0 ? (
        <Typography variant="body2">{translate('factory.history.empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {data.map((revision) => (
            <ListItem
              key={revision.id}
              disableGutters
              divider
              secondaryAction={
                onReverted && revertible(revision) ? (
                  <Button
                    size="small"
                    onClick={() => void revert(revision)}
                    aria-label={translate('factory.history.revert_label', {
                      date: cellText(fieldOf('at'), revision.at, language),
                    })}
                  >
                    {translate('factory.history.revert')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={`${choiceLabel(fieldOf('action'), revision.action, language)} · ${translate(
                  'factory.history.entry',
                  {
                    date: cellText(fieldOf('at'), revision.at, language),
                    login: revision.login ?? '',
                    channel: choiceLabel(fieldOf('channel'), revision.channel, language),
                  },
                )}`}
                secondary={changes(revision).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {(total ?? 0) > SHOWN && (
        <Typography variant="caption">
          {translate('factory.history.more', { shown: SHOWN, total })}
        </Typography>
      )}
    </Box>
  );
}
