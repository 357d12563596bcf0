import type { SearchRow } from '../../dataProvider';
import type { SearchOrderBy } from './useDeviceSearch';

export interface SearchColumn {
  /** The i18n key under `search.columns`. */
  id: 'platform' | 'MID' | 'OWNER' | 'EMAIL' | 'MODEL' | 'database' | 'SINCRONISMO';
  /** The server's sort column, for the columns it sorts by. */
  sort?: SearchOrderBy;
  /** Hidden on phones, where the table keeps what identifies a device and its last sync. */
  secondary?: boolean;
}

/** The global search's columns, in order. */
export const SEARCH_COLUMNS: SearchColumn[] = [
  { id: 'platform' },
  { id: 'MID', sort: 'MID' },
  { id: 'OWNER', sort: 'OWNER' },
  { id: 'EMAIL', secondary: true },
  { id: 'MODEL', secondary: true },
  { id: 'database', sort: 'database', secondary: true },
  { id: 'SINCRONISMO', sort: 'SINCRONISMO' },
];

/** A row's identity: device IDs are per project. */
export const rowKey = (row: SearchRow) => `${row.database}:${row.ID}`;

/** Shown from the `sm` breakpoint up (600 px). */
export const secondaryCell = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Read by screen readers, not shown. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
