import type { ComponentType } from 'react';
import { IconButton, Tooltip } from '@mui/material';

interface RowIconActionProps {
  /** Already translated: the tooltip and the button's accessible name. */
  label: string;
  Icon: ComponentType<{ fontSize: 'small' }>;
  onClick(): void;
}

/** One icon button of a row's own actions (a file's open, download, delete), named by its tooltip. */
export function RowIconAction({ label, Icon, onClick }: RowIconActionProps) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
