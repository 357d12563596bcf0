import { alpha, type Theme } from '@mui/material/styles';
import { DeviceState, type DeviceStateCode } from '../../../protocol/devices';

/** The palette colour of each colour state (000 §4): green, amber, red, blue. */
export const STATE_COLOURS: Record<DeviceStateCode, 'success' | 'warning' | 'error' | 'info'> = {
  [DeviceState.synced]: 'success',
  [DeviceState.notSynced]: 'warning',
  [DeviceState.disabled]: 'error',
  [DeviceState.generatingDb]: 'info',
};

export const STATE_CODES = Object.values(DeviceState) as DeviceStateCode[];

/** Soft tints, so that the text stays readable in light and dark mode; stronger when selected. */
export function stateTint(theme: Theme, state: DeviceStateCode, strong = false): string {
  const colour = theme.palette[STATE_COLOURS[state] ?? 'warning'].main;
  return alpha(colour, strong ? 0.3 : theme.palette.mode === 'dark' ? 0.22 : 0.13);
}

/** A row's background by its `Estado`, with a visible edge when it is selected. */
export function deviceRowSx(state: DeviceStateCode | undefined, selected: boolean) {
  if (state === undefined || !(state in STATE_COLOURS)) return {};
  return (theme: Theme) => ({
    backgroundColor: stateTint(theme, state, selected),
    boxShadow: selected ? `inset 4px 0 0 ${theme.palette[STATE_COLOURS[state]].main}` : undefined,
    '&.MuiTableRow-hover:hover': { backgroundColor: stateTint(theme, state, true) },
  });
}
