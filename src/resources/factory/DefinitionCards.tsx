import { useState, type MouseEvent } from 'react';
import { Box, Card, CardActionArea, IconButton, Stack, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  ListNoResults,
  RecordContextProvider,
  useListContext,
  useLocale,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { BulkAction, ResourceDefinition } from '../../../protocol/resource-definition';
import type { ResourceSlots } from '../slots';
import { CardStatus } from './CardStatus';
import { cardOf } from './cardOf';
import { useFieldLabel } from '../schema/fieldLabel';
import { FieldCell } from './FieldCell';
import { colourAttributes } from './DefinitionTable';
import { RowMenu, type RowMenuTarget } from './RowMenu';

type Row = RaRecord;

interface DefinitionCardsProps {
  definition: ResourceDefinition;
  /** The columns a person has left out of the table: a card without fields of its own skips them. */
  hidden: string[];
  rowSx?: (record: Row, selected?: boolean) => object;
  canEdit: boolean;
  canDelete: boolean;
  bulk: BulkAction[];
  database?: number | null;
  onEdit(record: Row): void;
  /** A tap on a card: its edit dialog, or its show view; absent: the card opens nothing. */
  onOpen?: (record: Row) => void;
  slots?: Pick<ResourceSlots, 'bulkActions' | 'selectionMenu' | 'rowActions'>;
  label?: string;
}

/**
 * A declared list on a phone: a card per record with its title, its status and two or three
 * fields (the definition's `card`), a tap to open it and a menu button with the actions a
 * right-click offers on a computer: the row menu, or the resource's selection menu on that
 * record alone (issue 33).
 */
export function DefinitionCards(props: DefinitionCardsProps) {
  const { definition, canEdit, canDelete, bulk, database, onEdit, onOpen, rowSx } = props;
  const { selectionMenu: SelectionMenu, bulkActions, rowActions: RowActions } = props.slots ?? {};
  const translate = useTranslate();
  const label = useFieldLabel(definition.name);
  const { data, selectedIds, onSelect, isPending } = useListContext();
  const [menu, setMenu] = useState<RowMenuTarget | null>(null);
  const card = cardOf(definition, props.hidden);
  const attributes = colourAttributes(definition);
  const hasMenu =
    Boolean(SelectionMenu) || canEdit || canDelete || bulk.length > 0 || Boolean(bulkActions);
  const openMenu = (record: Row, event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // As a right-click on a row: a record outside the selection becomes the selection.
    if (SelectionMenu && !selectedIds.includes(record.id)) onSelect([record.id]);
    setMenu({ record, position: { top: box.bottom, left: box.left } });
  };
  const language = useLocale() === 'en' ? 'en' : 'es';
  const title = props.label ?? definition.title.many[language];

  // No rows where the list shows no empty page of its own: what the table says, not a blank card.
  if (!isPending && data?.length === 0) return <ListNoResults />;
  return (
    <>
      <Stack component="ul" aria-label={title} spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }}>
        {(data ?? []).map((record) => {
          const name = card.title ? String(record[card.title.source] ?? record.id) : '';
          const selected = selectedIds.includes(record.id);
          return (
            <RecordContextProvider key={record.id} value={record}>
              <Card
                component="li"
                variant="outlined"
                {...attributes?.(record)}
                data-selected={selected || undefined}
                sx={{
                  display: 'flex',
                  alignItems: 'stretch',
                  ...(rowSx?.(record, selected) ?? {}),
                }}
              >
                <CardActionArea
                  disabled={!onOpen}
                  onClick={() => onOpen?.(record)}
                  sx={{ flex: '1 1 auto', minWidth: 0, px: 1.5, py: 1 }}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <Typography
                      component="span"
                      variant="subtitle2"
                      noWrap
                      title={name}
                      sx={{ flex: '1 1 auto', minWidth: 0 }}
                    >
                      {card.title ? (
                        <FieldCell field={card.title} record={record} value={name} />
                      ) : null}
                    </Typography>
                    {card.status && (
                      <CardStatus definition={definition} status={card.status} record={record} />
                    )}
                  </Stack>
                  <Box
                    component="dl"
                    sx={{
                      m: 0,
                      mt: 0.5,
                      display: 'grid',
                      gridTemplateColumns: 'auto 1fr',
                      columnGap: 1,
                      typography: 'body2',
                      '& dt': { color: 'text.secondary' },
                      '& dd': { m: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
                      '& dd, & dt': { whiteSpace: 'nowrap' },
                    }}
                  >
                    {card.fields.map((field) => (
                      <Box key={field.source} sx={{ display: 'contents' }}>
                        <dt>{label(field)}</dt>
                        <dd>
                          <FieldCell field={field} record={record} />
                        </dd>
                      </Box>
                    ))}
                  </Box>
                </CardActionArea>
                {RowActions && (
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <RowActions />
                  </Box>
                )}
                {hasMenu && (
                  <IconButton
                    aria-label={translate('factory.row_menu.label', { name })}
                    aria-haspopup="menu"
                    onClick={(event) => openMenu(record, event)}
                    sx={{ alignSelf: 'center', mx: 0.5 }}
                  >
                    <MoreVertIcon />
                  </IconButton>
                )}
              </Card>
            </RecordContextProvider>
          );
        })}
      </Stack>
      {SelectionMenu ? (
        <SelectionMenu position={menu?.position ?? null} onClose={() => setMenu(null)} />
      ) : (
        <RowMenu
          definition={definition}
          target={menu}
          canEdit={canEdit}
          canDelete={canDelete}
          actions={bulk}
          database={database}
          onEdit={onEdit}
          onClose={() => setMenu(null)}
        />
      )}
    </>
  );
}
