import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TableColumn } from '../../../protocol/table-data';

const HEADERS = [
  'ORDINAL_POSITION',
  'COLUMN_NAME',
  'DATA_TYPE',
  'CHARACTER_MAXIMUM_LENGTH',
  'IS_NULLABLE',
  'COLUMN_DEFAULT',
  'PRIMARY_KEY',
] as const;

/** Tab 1: the table's column metadata (001 §3 "Table column descriptor"). */
export function DesignTab({ table, columns }: { table: string; columns: TableColumn[] }) {
  const translate = useTranslate();
  const yesNo = (yes: boolean) => translate(yes ? 'tables.design.yes' : 'tables.design.no');
  const cell = (column: TableColumn, header: (typeof HEADERS)[number]) => {
    if (header === 'IS_NULLABLE') return yesNo(column.IS_NULLABLE === 'YES');
    if (header === 'PRIMARY_KEY') return column.PRIMARY_KEY ? yesNo(true) : '';
    return column[header] ?? '';
  };
  return (
    // Focusable: a keyboard scrolls it sideways on a phone.
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={table}>
      <Table size="small" aria-label={table}>
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                {translate(`tables.design.${header}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((column) => (
            <TableRow key={column.COLUMN_NAME}>
              {HEADERS.map((header) => (
                <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                  {String(cell(column, header))}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
