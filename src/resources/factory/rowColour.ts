import { alpha, type Theme } from '@mui/material';
import { rowColourOf, type ResourceDefinition } from '../../../protocol/resource-definition';

/**
 * A row's colour rule as a light tint of the theme's palette colour with a bar of the full colour
 * at its start, under the normal text colour so that the contrast stays that of plain text; a
 * "disabled" row is greyed with the secondary text colour (about 5.7:1 on white).
 */
export function rowSxOf(definition: Pick<ResourceDefinition, 'rowColours'>, theme: Theme) {
  if (definition.rowColours.length === 0) return undefined;
  return (record: Record<string, unknown>) => {
    const colour = rowColourOf(definition, record);
    if (!colour) return {};
    if (colour === 'disabled') {
      return {
        backgroundColor: theme.palette.action.hover,
        '& td': { color: theme.palette.text.secondary },
      };
    }
    const main = theme.palette[colour].main;
    return { backgroundColor: alpha(main, 0.08), boxShadow: `inset 4px 0 0 ${main}` };
  };
}
