import { alpha, type Theme } from '@mui/material';
import { rowColourOf, type ResourceDefinition } from '../../../protocol/resource-definition';

/**
 * A row's colour rule as a light tint of the theme's palette colour with a bar of the full colour
 * at its start, under the normal text colour so that the contrast stays that of plain text; a
 * selected row (or one under the pointer) is tinted stronger, so that it keeps its colour and
 * still shows as selected. A "disabled" row is greyed with the secondary text colour (about
 * 5.7:1 on white).
 */
export function rowSxOf(definition: Pick<ResourceDefinition, 'rowColours'>, theme: Theme) {
  if (definition.rowColours.length === 0) return undefined;
  return (record: Record<string, unknown>, selected = false) => {
    const colour = rowColourOf(definition, record);
    if (!colour) return {};
    if (colour === 'disabled') {
      return {
        backgroundColor: theme.palette.action[selected ? 'selected' : 'hover'],
        '& td': { color: theme.palette.text.secondary },
      };
    }
    const main = theme.palette[colour].main;
    const dark = theme.palette.mode === 'dark';
    return {
      backgroundColor: alpha(main, selected ? 0.24 : dark ? 0.16 : 0.08),
      boxShadow: `inset 4px 0 0 ${main}`,
      '&.MuiTableRow-hover:hover': { backgroundColor: alpha(main, selected ? 0.3 : 0.18) },
    };
  };
}

type RowSx = (record: Record<string, unknown>, selected?: boolean) => object;

/** A row's sx with the screen's chosen row (`current`, by id) tinted as a selected one. */
export function withCurrent(rowSx: RowSx | undefined, current: unknown, theme: Theme) {
  if (current === undefined || current === null) return rowSx;
  return (record: Record<string, unknown>, selected = false) => {
    const own = rowSx?.(record, selected) ?? {};
    return record.id === current ? { ...own, backgroundColor: theme.palette.action.selected } : own;
  };
}
