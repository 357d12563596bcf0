import type { ReactNode } from 'react';
import { Box, LinearProgress, Stack, Typography, type LinearProgressProps } from '@mui/material';

interface UsageBarProps {
  label: string;
  /** 0–100. */
  value: number;
  /** Under the bar, e.g. "3,2 GB usados de 8 GB". */
  detail?: string;
  color: LinearProgressProps['color'];
  /** Beside the label, e.g. the charging icon. */
  adornment?: ReactNode;
}

/** One progress bar of the inventory with its percentage (001 §3: battery, RAM and storage). */
export function UsageBar({ label, value, detail, color, adornment }: UsageBarProps) {
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        {adornment}
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {value} %
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={value}
        color={color}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4, my: 0.5 }}
      />
      {detail && (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Box>
  );
}
