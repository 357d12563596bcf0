import type { ReactNode } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

interface ParamsBarProps {
  /** The i18n area of the texts: `<area>.choose`, `<area>.params`, `<area>.change_params`. */
  area: string;
  /** What is chosen, or null before anything is. */
  summary: ReactNode | null;
  onOpen(): void;
  /** Buttons after the change button (the frameworks' Generate). */
  actions?: ReactNode;
  /** A line under it (the frameworks' rights). */
  children?: ReactNode;
}

/**
 * The first box of a screen with a parameters modal (002 §2 "params modal, pid"): what is chosen
 * and the button that opens the modal. The modal is opened from here, not by itself: a modal
 * opened on arrival would hide the page from assistive technology before anything is chosen.
 */
export function ParamsBar({ area, summary, onOpen, actions, children }: ParamsBarProps) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {summary ?? translate(`${area}.choose`)}
        </Typography>
        <Button variant="outlined" onClick={onOpen}>
          {translate(summary ? `${area}.change_params` : `${area}.params`)}
        </Button>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
