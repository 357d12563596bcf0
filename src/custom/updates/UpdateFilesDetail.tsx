import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { APP_PATH, type UpdateFile } from '../../../protocol/updates';
import type { FlotaDataProvider } from '../../dataProvider';
import { formatNumber } from '../../i18n/formats';

const FLAGS = [
  'IsCopy',
  'IsDelete',
  'IsForExecute',
  'IsSqlFile',
  'IsSqlDirect',
  'IsProvisioning',
  'register',
] as const satisfies ReadonlyArray<keyof UpdateFile>;

/** The detail of an update (000 §2): its files with their flags (filesForUpdate). */
export function UpdateFilesDetail({
  database,
  versionCompleta,
}: {
  database: number;
  versionCompleta: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const files = useQuery({
    queryKey: ['flota', 'filesForUpdate', database, versionCompleta],
    queryFn: ({ signal }) => dataProvider.filesForUpdate(database, versionCompleta, signal),
    staleTime: 60_000,
  });
  const caption = translate('updates.files_of', { version: versionCompleta });
  return (
    <Box sx={{ py: 1 }}>
      {files.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {files.error && <Alert severity="error">{files.error.message}</Alert>}
      {files.data?.length === 0 && (
        <Typography variant="body2">{translate('updates.no_files')}</Typography>
      )}
      {files.data && files.data.length > 0 && (
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('updates.columns.name')}</TableCell>
              <TableCell>{translate('updates.columns.path')}</TableCell>
              <TableCell align="right">{translate('updates.columns.size')}</TableCell>
              <TableCell>{translate('updates.columns.flags')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.data.map((file) => (
              <TableRow key={file.numero}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{file.name}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  {file.path === APP_PATH ? translate('updates.new.app_folder') : file.path}
                </TableCell>
                <TableCell align="right">
                  {formatNumber(file.size, locale === 'en' ? 'en' : 'es')}
                </TableCell>
                <TableCell>
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {FLAGS.filter((flag) => file[flag]).map((flag) => (
                      <Chip key={flag} size="small" label={translate(`updates.flags.${flag}`)} />
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
