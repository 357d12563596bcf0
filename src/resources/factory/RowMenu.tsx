import { useState } from 'react';
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useLocale, useTranslate, type RaRecord } from 'react-admin';
import {
  isUndeletable,
  type BulkAction,
  type ResourceDefinition,
} from '../../../protocol/resource-definition';
import { DeleteConfirm } from './DeleteConfirm';
import { useBulkAction } from './useBulkAction';

export interface RowMenuTarget {
  record: RaRecord;
  position: { top: number; left: number };
}

interface RowMenuProps {
  definition: ResourceDefinition;
  /** The row right-clicked (or its context-menu key pressed) and where; null: closed. */
  target: RowMenuTarget | null;
  canEdit: boolean;
  canDelete: boolean;
  /** The bulk actions the caller may use, each offered on this one row. */
  actions: BulkAction[];
  database?: number | null;
  onEdit(record: RaRecord): void;
  /** Who may not edit but may look: the row opens to be read, offered as "Ver" (issue 33). */
  onView?: (record: RaRecord) => void;
  onClose(): void;
}

/**
 * The right-click menu of a declared list's row, at the pointer: edit, the bulk actions on
 * that row alone, and delete (asked first), labelled as the list labels them. Escape closes it.
 */
export function RowMenu(props: RowMenuProps) {
  const { definition, target, canEdit, canDelete, actions, database, onEdit, onView, onClose } =
    props;
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const bulk = useBulkAction(definition, database);
  // The record asked about stays named while its confirmation closes.
  const [deleting, setDeleting] = useState<{ record: RaRecord; open: boolean } | null>(null);
  const record = target?.record;
  const name = record ? String(record[definition.labelField] ?? record.id) : '';
  // An undeletable row (the system environment) is offered no delete.
  const deletable = canDelete && record !== undefined && !isUndeletable(definition, record);
  const item = (key: string, Icon: typeof EditIcon, label: string, run: () => void) => (
    <MenuItem
      key={key}
      onClick={() => {
        onClose();
        run();
      }}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <Menu
        open={target !== null}
        onClose={onClose}
        anchorReference="anchorPosition"
        anchorPosition={target?.position}
        slotProps={{ list: { 'aria-label': translate('factory.row_menu.label', { name }) } }}
      >
        {record && [
          canEdit && item('edit', EditIcon, translate('ra.action.edit'), () => onEdit(record)),
          !canEdit &&
            onView &&
            item('view', VisibilityIcon, translate('show_only.view'), () => onView(record)),
          ...actions.map((action) =>
            item(action.name, DoneAllIcon, action.label[language], () =>
              bulk.mutate({ action, ids: [record.id] }),
            ),
          ),
          deletable && (canEdit || onView || actions.length > 0) && <Divider key="divider" />,
          deletable &&
            item('delete', DeleteIcon, translate('ra.action.delete'), () =>
              setDeleting({ record, open: true }),
            ),
        ]}
      </Menu>
      <DeleteConfirm
        definition={definition}
        records={deleting ? [deleting.record] : []}
        ids={deleting ? [deleting.record.id] : []}
        open={deleting?.open ?? false}
        database={database}
        onClose={() => setDeleting((asked) => asked && { ...asked, open: false })}
      />
    </>
  );
}
