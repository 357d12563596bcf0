import {
  Alert,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Loading, useGetList, useLocale, useTranslate } from 'react-admin';
import type { PolicyDocument, PolicyPlatform } from '../../../protocol/mdm/policy-schema';
import { formatDateTime } from '../../i18n/formats';
import { PolicyDiffTable } from './PolicyDiffTable';

export interface PolicyVersionRow {
  id: number;
  policyVersion: number;
  author: string | null;
  updatedAt: string;
  document: PolicyDocument | null;
}

/** Versions a page: a policy changed every day for years is read a page at a time, in SQL. */
const PER_PAGE = 20;

/**
 * The versions of a policy (the read-only `mdm-policy-versions`, newest first), and what changed
 * between two of the page shown: by default its newest against the one before.
 */
export function PolicyVersions({
  policyId,
  platform,
}: {
  policyId: number;
  platform: PolicyPlatform;
}) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const [page, setPage] = useState(0);
  const versions = useGetList<PolicyVersionRow>('mdm-policy-versions', {
    filter: { policy: policyId },
    sort: { field: 'policyVersion', order: 'DESC' },
    pagination: { page: page + 1, perPage: PER_PAGE },
  });
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const turn = (next: number) => {
    setPage(next);
    setFrom(null);
    setTo(null);
  };
  if (versions.isPending) return <Loading />;
  if (versions.error) return <Alert severity="error">{(versions.error as Error).message}</Alert>;
  const rows = versions.data ?? [];
  const newest = rows[0]?.policyVersion ?? null;
  const chosenTo = to ?? newest;
  const chosenFrom = from ?? rows[1]?.policyVersion ?? null;
  const byNumber = (n: number | null) => rows.find((row) => row.policyVersion === n);
  const picker = (label: string, value: number | null, onPick: (n: number) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onPick(Number(event.target.value))}
      sx={{ minWidth: 180 }}
    >
      {rows.map((row) => (
        <MenuItem key={row.id} value={row.policyVersion}>
          {row.policyVersion}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label={translate('mdm.versions.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('mdm.versions.version')}</TableCell>
            <TableCell>{translate('mdm.versions.author')}</TableCell>
            <TableCell>{translate('mdm.versions.date')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.policyVersion}</TableCell>
              <TableCell>{row.author ?? ''}</TableCell>
              <TableCell>{formatDateTime(row.updatedAt, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(versions.total ?? 0) > PER_PAGE && (
        <TablePagination
          component="div"
          count={versions.total ?? 0}
          page={page}
          onPageChange={(_, next) => turn(next)}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          labelDisplayedRows={({ from: first, to: last, count }) =>
            translate('ra.navigation.page_range_info', {
              offsetBegin: first,
              offsetEnd: last,
              total: count,
            })
          }
          getItemAriaLabel={(type) =>
            translate(type === 'next' ? 'ra.navigation.next' : 'ra.navigation.previous')
          }
        />
      )}
      {(versions.total ?? 0) < 2 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('mdm.versions.only_one')}
        </Typography>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {picker(translate('mdm.versions.from'), chosenFrom, setFrom)}
            {picker(translate('mdm.versions.to'), chosenTo, setTo)}
          </Stack>
          <Typography variant="subtitle2" component="h2">
            {translate('mdm.versions.diff', { from: chosenFrom, to: chosenTo })}
          </Typography>
          <PolicyDiffTable
            platform={platform}
            before={byNumber(chosenFrom)?.document ?? {}}
            after={byNumber(chosenTo)?.document ?? {}}
          />
        </>
      )}
    </Stack>
  );
}
