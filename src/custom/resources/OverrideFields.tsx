import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, IconButton, List, ListItem, ListItemText, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldRow } from './overrideForm';

interface OverrideFieldsProps {
  rows: FieldRow[];
  label(row: FieldRow): string;
  disabled: boolean;
  onMove(from: number, to: number): void;
  onEdit(index: number): void;
}

/**
 * The fields of the resource in their order: dragged to another place (HTML drag and drop), or
 * moved a place up or down with their buttons (the keyboard's way), and opened in the field
 * dialog. Chips say what the field does not do: hidden, not a column, required.
 */
export function OverrideFields({ rows, label, disabled, onMove, onEdit }: OverrideFieldsProps) {
  const translate = useTranslate();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const drop = (index: number) => {
    if (dragged !== null) onMove(dragged, index);
    setDragged(null);
    setOver(null);
  };
  return (
    <List dense aria-label={translate('customise.fields')} data-testid="override-fields">
      {rows.map((row, index) => {
        const name = label(row);
        const named = (key: string) => translate(key, { field: name });
        return (
          <ListItem
            key={row.field.source}
            divider
            draggable={!disabled}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              setDragged(index);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(index);
            }}
            onDragEnd={() => (setDragged(null), setOver(null))}
            onDrop={() => drop(index)}
            sx={{
              pr: 1,
              gap: 1,
              opacity: row.hidden ? 0.6 : 1,
              borderTop: over === index && dragged !== index ? 2 : undefined,
              borderTopColor: 'primary.main',
            }}
          >
            <DragIndicatorIcon
              fontSize="small"
              color="action"
              sx={{ cursor: disabled ? undefined : 'grab' }}
            />
            <ListItemText
              primary={name}
              secondary={row.field.source}
              sx={{ minWidth: 0, flex: '1 1 6rem', overflowWrap: 'anywhere' }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'end' }}>
              {row.hidden && <Chip size="small" label={translate('customise.chip_hidden')} />}
              {!row.hidden && !row.field.list && (
                <Chip size="small" label={translate('customise.chip_no_column')} />
              )}
              {row.field.required && (
                <Chip size="small" label={translate('customise.chip_required')} />
              )}
            </Box>
            <Box sx={{ display: 'flex', flexShrink: 0 }}>
              <Tooltip title={named('customise.move_up')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={named('customise.move_up')}
                    disabled={disabled || index === 0}
                    onClick={() => onMove(index, index - 1)}
                  >
                    <KeyboardArrowDownIcon fontSize="small" sx={{ transform: 'rotate(180deg)' }} />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={named('customise.move_down')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={named('customise.move_down')}
                    disabled={disabled || index === rows.length - 1}
                    onClick={() => onMove(index, index + 1)}
                  >
                    <KeyboardArrowDownIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={named('customise.edit_field')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={named('customise.edit_field')}
                    disabled={disabled}
                    onClick={() => onEdit(index)}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}
