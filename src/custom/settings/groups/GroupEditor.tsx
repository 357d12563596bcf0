import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { Group } from '../../../../protocol/groups';
import type { FlotaDataProvider } from '../../../dataProvider';
import { useFormTitle } from '../../../resources/factory/formTitle';
import { useDefinitionListUi } from '../../../resources/factory/listUi';
import type { EditorProps } from '../../../resources/slots';
import { GroupForm } from './GroupForm';

const EMPTY: Group = {
  ID: 0,
  NAME: '',
  DESCRIPTION: '',
  PLATFORM: null,
  Users: [],
  Devices: [],
  PublishUsers: [],
};

/**
 * The group editor (000 §2 "Group editor"), the groups list's `editor` slot: a modal with the
 * group's name and description, the users who manage it and its devices, added from the paged
 * device picker, and the company's custom fields of groups. It reads the group's members with
 * `admgroups` (their PIN, owner, login) and its record from the engine (version, custom values),
 * and saves through the engine's create and edit. Read-only for who may only see the project's
 * groups.
 */
export function GroupEditor({ database, target, onClose }: EditorProps) {
  const translate = useTranslate();
  const { definition, can } = useDefinitionListUi();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const id = target && target !== 'create' ? Number(target.id) : null;
  const loaded = useQuery({
    queryKey: ['flota', 'group', database, id],
    queryFn: ({ signal }) => dataProvider.group(database!, id!, signal),
    enabled: id !== null && database != null,
    gcTime: 0,
  });
  // The engine's record: its version (a stale save is refused) and its custom fields' values.
  const record = useQuery({
    queryKey: ['flota', 'group-record', database, id],
    queryFn: ({ signal }) =>
      dataProvider
        .getOne<RaRecord>(definition.name, { id: id!, meta: { database }, signal })
        .then((answer) => answer.data),
    enabled: id !== null && database != null,
    gcTime: 0,
  });
  const title = useFormTitle(definition, target === 'create' ? null : (target ?? null));
  const readOnly = !can(id === null ? 'create' : 'edit');
  const group = id === null ? EMPTY : loaded.data;
  const row = id === null ? null : record.data;
  const failed = loaded.error ?? record.error;
  return (
    <Dialog
      open={target !== null}
      onClose={() => onClose()}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="group-dialog-title"
    >
      <DialogTitle id="group-dialog-title">{title}</DialogTitle>
      {target !== null && database != null && group && row !== undefined ? (
        <GroupForm
          key={group.ID}
          database={database}
          group={group}
          record={row}
          readOnly={readOnly}
          onClose={onClose}
        />
      ) : failed ? (
        <>
          <DialogContent>
            <Alert severity="error">{failed.message}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(true)}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </>
      ) : (
        target !== null && <LinearProgress aria-label={translate('groups.editor.loading')} />
      )}
    </Dialog>
  );
}
