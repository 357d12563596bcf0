import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { StatementResult } from '../../../../protocol/reports';
import { ResultGrid } from '../../reports/ResultGrid';

/** SQL result grids show 10 rows at first (001 §9). */
const RESULT_PAGE_SIZE = 10;

/**
 * One grid per statement that answered rows; a line with the rows changed for the others
 * (001 §3 "SQL result": Columns, Datas, RecordsAffected).
 */
export function StatementResults({
  results,
  statements,
}: {
  results: StatementResult[];
  statements: number;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('sql_console.done', { smart_count: statements })}
      </Typography>
      {results.map((result) => {
        const heading = translate('sql_console.statement', {
          n: result.n,
          command: result.command,
        });
        if (result.Columns.length === 0) {
          return (
            <Typography key={result.n}>
              {heading}:{' '}
              {translate('sql_console.affected', { smart_count: result.RecordsAffected })}
            </Typography>
          );
        }
        return (
          <ResultGrid
            key={result.n}
            outcome={{
              result: {
                ...result,
                Limit: result.Datas.length,
                Statements: 1,
              },
            }}
            title={`sql-${result.n}`}
            heading={heading}
            running={false}
            pageSize={RESULT_PAGE_SIZE}
          />
        );
      })}
    </Stack>
  );
}
