import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useLocale, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { checkSettingValue, settingLabel } from '../../../../protocol/replicator';
import { REPLICATOR_SETTINGS_RESOURCE } from '../../../../protocol/resources/replicator-settings';
import { choiceLabel } from '../../../../protocol/resource-schema';
import { useDefinitionAccess } from '../../../resources/factory/permissions';
import type { EditorProps } from '../../../resources/slots';
import { ValueInput } from './ValueInput';

const definition = REPLICATOR_SETTINGS_RESOURCE;

/**
 * The Replicator dialog (000 §2): one setting's value, with the input its type asks for and the
 * same check as the server's (000 §5), saved by setDBconfig. Read-only for a caller whose tree
 * shows the replicator but does not let them write it.
 */
export function ReplicatorSettingDialog({ target, onClose, database }: EditorProps) {
  if (!target || target === 'create') return null;
  return (
    <SettingDialog
      key={String(target.KEYNAME)}
      record={target}
      onClose={onClose}
      database={database}
    />
  );
}

interface SettingDialogProps extends Pick<EditorProps, 'onClose' | 'database'> {
  record: RaRecord;
}

function SettingDialog({ record, onClose, database }: SettingDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { can } = useDefinitionAccess(definition, database);
  const [update, { isPending }] = useUpdate();
  const [value, setValue] = useState(String(record.KEYVALUE ?? ''));

  const key = String(record.KEYNAME);
  const type = Number(record.TIPO);
  const label = settingLabel(key, language);
  const writable = can('edit');
  const problem = checkSettingValue(key, type, value.trim(), language);
  const field = (source: string) => definition.fields.find((f) => f.source === source)!;
  const save = () =>
    update(
      definition.name,
      { id: key, data: { KEYVALUE: value.trim() }, previousData: record, meta: { database } },
      {
        onSuccess: () => {
          notify('projectSettings.replicator.saved', { type: 'success', messageArgs: { label } });
          onClose(true);
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  return (
    <Dialog
      open
      onClose={() => onClose()}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby="replicator-dialog-title"
    >
      <DialogTitle id="replicator-dialog-title">{label}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('projectSettings.replicator.details', {
            key,
            category: choiceLabel(field('IDCATEGORY'), record.IDCATEGORY, language),
            type: choiceLabel(field('TIPO'), type, language),
          })}
        </DialogContentText>
        {translate(`projectSettings.help.${key}`, { _: '' }) && (
          <DialogContentText sx={{ mb: 2 }}>
            {translate(`projectSettings.help.${key}`, { _: '' })}
          </DialogContentText>
        )}
        <ValueInput
          type={type}
          value={value}
          onChange={setValue}
          label={translate('projectSettings.replicator.value')}
          error={problem}
          disabled={!writable || isPending}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>
          {translate(writable ? 'ra.action.cancel' : 'ra.action.close')}
        </Button>
        {writable && (
          <Button
            variant="contained"
            onClick={save}
            disabled={
              isPending || problem !== null || value.trim() === String(record.KEYVALUE ?? '')
            }
          >
            {translate('ra.action.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
