import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { REPORT_DEFAULT_PAGE_SIZE, type SqlResult } from '../../../protocol/reports';
import { TablePager } from '../environments/TablePager';
import { reportExports } from './reportExport';
import { resultCellText } from './resultCellText';

/** 001 §9: 5, 10, 25, 100 and all (-1 in MUI's pagination). */
const PAGE_SIZES = [5, 10, 25, 100];

export interface RunOutcome {
  result?: SqlResult;
  /** The server's description of a refused run (code -1): a one-column ERROR grid (000 §8). */
  error?: string;
}

/** The result of a run: filtered and paged in the browser, with copy, Excel, CSV and PDF. */
export function ResultGrid({
  outcome,
  title,
  running,
  heading,
  pageSize = REPORT_DEFAULT_PAGE_SIZE,
}: {
  outcome: RunOutcome | null;
  title: string;
  running: boolean;
  /** The card's heading; by default "Resultado". */
  heading?: string;
  /** Rows a page shows at first. */
  pageSize?: number;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(pageSize);
  const language = useLocale() === 'en' ? 'en' : 'es';
  const errorColumn = translate('reports.result.error');
  const result = useMemo<SqlResult | undefined>(
    () =>
      outcome?.error
        ? {
            Columns: [{ colunName: errorColumn, columnType: 'text' }],
            Datas: [[outcome.error]],
            RecordsAffected: 0,
            Limited: false,
            Limit: 1,
            Statements: 0,
          }
        : outcome?.result,
    [outcome, errorColumn],
  );
  const rows = useMemo(() => {
    const words = filter.trim().toLowerCase();
    if (!result || words === '') return result?.Datas ?? [];
    return result.Datas.filter((row) =>
      row.some((value, at) =>
        resultCellText(value, result.Columns[at], language).toLowerCase().includes(words),
      ),
    );
  }, [result, filter, language]);
  if (!result)
    return running ? <LinearProgress aria-label={translate('reports.result.running')} /> : null;
  const shown = size < 0 ? rows : rows.slice(page * size, page * size + size);
  const exportWith = (kind: 'copy' | 'csv' | 'excel' | 'pdf') => async () => {
    try {
      await reportExports[kind](result, rows, title);
      if (kind === 'copy') notify('reports.result.copied', { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      {running && <LinearProgress aria-label={translate('reports.result.running')} />}
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {heading ?? translate('reports.result.title')}
          </Typography>
          <TextField
            label={translate('reports.result.filter')}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setPage(0);
            }}
            size="small"
            type="search"
          />
          <ButtonGroup size="small" variant="outlined" disabled={Boolean(outcome?.error)}>
            <Button onClick={exportWith('copy')}>{translate('reports.result.copy')}</Button>
            <Button onClick={exportWith('excel')}>{translate('reports.result.excel')}</Button>
            <Button onClick={exportWith('csv')}>{translate('reports.result.csv')}</Button>
            <Button onClick={exportWith('pdf')}>{translate('reports.result.pdf')}</Button>
          </ButtonGroup>
        </Stack>
        {result.Limited && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('reports.result.limited', { limit: result.Limit })}
          </Alert>
        )}
        {result.Columns.length === 0 ? (
          <Typography>
            {translate('reports.result.affected', { count: result.RecordsAffected })}
          </Typography>
        ) : (
          <>
            <TableContainer sx={{ maxHeight: 480, contain: 'inline-size' }}>
              <Table
                size="small"
                stickyHeader
                aria-label={heading ?? translate('reports.result.title')}
              >
                <TableHead>
                  <TableRow>
                    {result.Columns.map((column, index) => (
                      <TableCell key={index} title={column.columnType}>
                        {column.colunName}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.map((row, index) => (
                    <TableRow key={index} hover>
                      {row.map((value, at) => (
                        <TableCell
                          key={at}
                          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                        >
                          {resultCellText(value, result.Columns[at], language)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePager
              total={rows.length}
              lengths={[...PAGE_SIZES, { label: translate('reports.result.all'), value: -1 }]}
              paging={{
                page: size < 0 ? 0 : page,
                perPage: size,
                setPage,
                setPerPage: (next) => {
                  setSize(next);
                  setPage(0);
                },
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
