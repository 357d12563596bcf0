import type { Theme } from '@mui/material';

export type SemaphoreColour = 'green' | 'yellow' | 'red';

/** The theme's colours of the semaphore: success, warning and error. */
export const semaphoreColour = (theme: Theme, colour: SemaphoreColour) =>
  ({
    green: theme.palette.success.main,
    yellow: theme.palette.warning.main,
    red: theme.palette.error.main,
  })[colour];
