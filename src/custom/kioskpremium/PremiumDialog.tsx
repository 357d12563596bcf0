import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, type DialogProps } from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { errorText } from './premiumData';

/**
 * Calls `reset` with `value` each time it changes, during render: a dialog opened on another
 * record starts from that record's values.
 */
export function useResetOn<T>(value: T, reset: (value: T) => void) {
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    reset(value);
  }
}

interface PremiumDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
  /** The premium call that saves; absent: no save button (a reader). */
  save?: () => Promise<unknown>;
  /** The success toast's message key, and its values. */
  saved: string;
  savedArgs?: Record<string, unknown>;
  /** The save button's text; ra.action.save by default. */
  saveLabel?: string;
  /** False while the form is incomplete. */
  ready?: boolean;
}

/**
 * The frame of the premium kiosk's small dialogs (command configuration, launch on boot, move
 * a device): a closable title, Cancel and the save button, which runs the call once (disabled
 * meanwhile), then tells its toast, refreshes the lists and closes; a refusal is told as the
 * server wrote it and the dialog stays open.
 */
export function PremiumDialog(props: PremiumDialogProps) {
  const { open, onClose, title, maxWidth = 'xs', children, save, saved, ready = true } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  const run = async () => {
    if (!save) return;
    setSaving(true);
    try {
      await save();
      notify(saved, { type: 'success', messageArgs: props.savedArgs });
      refresh();
      onClose();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth>
      <ClosableTitle onClose={onClose}>{title}</ClosableTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {save && (
          <Button variant="contained" disabled={saving || !ready} onClick={() => void run()}>
            {translate(props.saveLabel ?? 'ra.action.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
