import type { ComponentType } from 'react';
import { IconButton, Tooltip } from '@mui/material';

interface RowIconActionProps {
  /** Already translated: the tooltip and the button's accessible name. */
  label: string;
  Icon: ComponentType<{ fontSize: 'small' }>;
  onClick(): void;
}

/**
 * One icon button of a row's own actions (a file's open, download, delete), named by its
 * tooltip. Its click is the action's alone: the row under it does not open its record too.
 */
export function RowIconAction({ label, Icon, onClick }: RowIconActionProps) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
      >
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
