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
import { useDataProvider, useTranslate } from 'react-admin';
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
 * device picker. Read-only for who may only see the project's groups.
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
  const title = useFormTitle(definition, target === 'create' ? null : (target ?? null));
  const readOnly = !can(id === null ? 'create' : 'edit');
  const group = id === null ? EMPTY : loaded.data;
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
      {target !== null && database != null && group ? (
        <GroupForm
          key={group.ID}
          database={database}
          group={group}
          readOnly={readOnly}
          onClose={onClose}
        />
      ) : loaded.isError ? (
        <>
          <DialogContent>
            <Alert severity="error">{loaded.error.message}</Alert>
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
