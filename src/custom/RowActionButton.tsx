import type { MouseEvent, ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { FlotaDataProvider } from '../dataProvider';

/** What a row's action works with: its record, and the console's calls, toasts and refresh. */
export function useRowAction<R extends RaRecord = RaRecord>() {
  return {
    record: useRecordContext<R>(),
    translate: useTranslate(),
    notify: useNotify(),
    refresh: useRefresh(),
    dataProvider: useDataProvider<FlotaDataProvider>(),
  };
}

interface RowActionButtonProps {
  /** The tooltip. */
  title: string;
  /** The accessible name, naming the row. */
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** What the button opens beside it (a confirmation, a hidden file input). */
  children?: ReactNode;
}

/**
 * A list row's icon button (a `rowActions` slot): a tooltip (shown while disabled too), a label
 * naming the row, and its clicks, and those of what it opens, kept from the row, which opens the
 * record on a click.
 */
export function RowActionButton(props: RowActionButtonProps) {
  const { title, label, icon, disabled, onClick, children } = props;
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={title}>
        <span>
          <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
      {children}
    </span>
  );
}
