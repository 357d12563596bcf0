import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import { useListContext, useTranslate } from 'react-admin';
import { MAX_ROW_FILTERS } from '../../../protocol/filters';
import type { ResourceSchema } from '../../../protocol/resource-schema';
import { useFieldLabel } from './fieldLabel';
import { FilterCell } from './FilterCell';
import {
  activeCount,
  defaultOperator,
  filterableFields,
  fromRowFilter,
  isActive,
  operatorChoices,
  toRowFilter,
  type FilterEntries,
  type FilterEntry,
  type OperatorsOf,
} from './filterRowModel';

interface FilterRowProps {
  schema: ResourceSchema;
  /** Typing settles for this long before the list asks again (001 §9: 200 ms). */
  debounce?: number;
  maxFilters?: number;
  /** The operators offered per field, when the list's call takes fewer than the type's. */
  operators?: OperatorsOf;
}

const wireKey = (entries: FilterEntries) => JSON.stringify(toRowFilter(entries));

/**
 * The per-column filter row: for each listed, filterable field an operator and a value, written
 * into the list's filter values as `rowfilter` / `rowfilteroper` after the typing settles.
 */
export function FilterRow({
  schema,
  debounce = 200,
  maxFilters = MAX_ROW_FILTERS,
  operators = operatorChoices,
}: FilterRowProps) {
  const translate = useTranslate();
  const label = useFieldLabel(schema.name);
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const fields = useMemo(() => filterableFields(schema.fields), [schema]);
  const applied = useMemo(
    () => fromRowFilter(fields, filterValues.rowfilter, filterValues.rowfilteroper, operators),
    [fields, filterValues.rowfilter, filterValues.rowfilteroper, operators],
  );
  const [entries, setEntries] = useState<FilterEntries>(applied);

  // What this row last sent, so that only changes made elsewhere (a reset, another project)
  // replace what the person is typing.
  const sent = useRef(wireKey(applied));
  const appliedKey = wireKey(applied);
  useEffect(() => {
    if (appliedKey !== sent.current) {
      sent.current = appliedKey;
      setEntries(applied);
    }
  }, [appliedKey, applied]);

  // The debounced write merges into the filter values current when it fires, not when typed.
  const latest = useRef({ filterValues, displayedFilters, setFilters });
  useEffect(() => {
    latest.current = { filterValues, displayedFilters, setFilters };
  }, [filterValues, displayedFilters, setFilters]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<FilterEntries | null>(null);

  const apply = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const key = wireKey(next);
    if (key === sent.current) return;
    sent.current = key;
    const { filterValues: values, displayedFilters: shown, setFilters: set } = latest.current;
    set({ ...values, ...toRowFilter(next) }, shown);
  }, []);

  // A change still waiting when the row is hidden is applied, not lost.
  useEffect(() => apply, [apply]);

  const change = (next: FilterEntries, wait: number) => {
    setEntries(next);
    pending.current = next;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(apply, wait);
  };

  const count = activeCount(entries);
  const full = count >= maxFilters;

  return (
    <Box
      role="group"
      aria-label={translate('schema.filter_row.title')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        gap: 1,
        p: 1,
        minWidth: 0,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {fields.map((field) => {
        const offered = operators(field);
        const entry: FilterEntry = entries[field.source] ?? {
          operator: defaultOperator(field, offered),
          value: '',
        };
        return (
          <FilterCell
            key={field.source}
            field={field}
            label={label(field)}
            entry={entry}
            operators={offered}
            disabled={full && !isActive(entry)}
            onChange={(next) => change({ ...entries, [field.source]: next }, debounce)}
          />
        );
      })}
      <Button
        size="small"
        startIcon={<FilterListOffIcon />}
        disabled={count === 0}
        onClick={() => change({}, 0)}
      >
        {translate('schema.filter_row.clear')}
      </Button>
      {full && (
        <Typography role="status" variant="caption" color="warning.main" sx={{ flexBasis: '100%' }}>
          {translate('schema.filter_row.limit', { max: maxFilters })}
        </Typography>
      )}
    </Box>
  );
}

/** How many per-column filters a list's filter values hold (said on the toggle). */
export function rowFilterCount(filterValues: Record<string, unknown>): number {
  const rowfilter = (filterValues.rowfilter ?? {}) as Record<string, unknown>;
  return Object.values(rowfilter).filter((value) => value !== '' && value != null).length;
}
