import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
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
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { selectionMode } from '../../../../protocol/selection';
import type { DeviceSelectionRow } from '../../../dataProvider/selectionCalls';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { TableTabProps } from '../tabProps';
import { useSelectionRules } from './useSelectionRules';

/** The criteria column: left out on a phone, where it would squeeze the others to a word a line. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Tab 4 (001 §2 "selected template"): which gen_ tables replicate and by which rule, and the
 * template applied to one device (saveDynamicSelected): its tables, each with its criteria
 * (CONDITIONAL) or every row; the device then waits to be selected again (PENDIENTE).
 */
export function TemplateTab({ database, readOnly }: TableTabProps) {
  const translate = useTranslate();
  const rules = useSelectionRules(database);
  if (rules.isLoading) return <LinearProgress />;
  if (rules.error) return <Alert severity="error">{(rules.error as Error).message}</Alert>;
  const rows = rules.data ?? [];
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('selection.template.help')}
      </Typography>
      {rows.length === 0 ? (
        <Alert severity="info">{translate('selection.template.empty')}</Alert>
      ) : (
        <TableContainer component={Card} variant="outlined">
          <Table size="small" aria-label={translate('selection.template.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('selection.template.table')}</TableCell>
                <TableCell>{translate('selection.template.rule')}</TableCell>
                <TableCell>{translate('selection.template.devices')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{translate('selection.template.statement')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((rule) => (
                <TableRow key={rule.TABLENAME}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{rule.TABLENAME}</TableCell>
                  <TableCell>{translate(`selection.rule.${selectionMode(rule)}`)}</TableCell>
                  <TableCell>
                    {rule.SELECTED &&
                      translate(
                        rule.ALLMID
                          ? 'selection.template.all_devices'
                          : 'selection.template.template_devices',
                      )}
                  </TableCell>
                  <TableCell
                    sx={{ ...WIDE_ONLY, fontFamily: 'monospace', wordBreak: 'break-word' }}
                  >
                    {selectionMode(rule) === 'criteria' ? rule.STATEMENT : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <DeviceTemplate database={database} readOnly={readOnly} />
    </Stack>
  );
}

/** The template applied to one device by MID. */
function DeviceTemplate({ database, readOnly }: { database: number; readOnly: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [mid, setMid] = useState('');
  const [device, setDevice] = useState<{ MID: string; PENDIENTE: number } | null>(null);
  const [rows, setRows] = useState<DeviceSelectionRow[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    setError(null);
    try {
      const answer = await dataProvider.deviceSelection(database, mid.trim());
      setDevice({ MID: answer.MID, PENDIENTE: answer.PENDIENTE });
      setRows(answer.data.filter((row) => row.SELECTED));
    } catch (failure) {
      setDevice(null);
      setError((failure as Error).message);
    }
  };

  const change = (table: string, patch: Partial<DeviceSelectionRow>) =>
    setRows((current) =>
      current.map((row) => (row.TABLENAME === table ? { ...row, ...patch } : row)),
    );

  const apply = async () => {
    const chosen = rows.filter((row) => row.ASSIGNED);
    if (chosen.length === 0) return setError(translate('selection.check.noTables'));
    try {
      const answer = await dataProvider.saveDeviceSelection(
        database,
        device!.MID,
        chosen.map((row) => ({ TABLENAME: row.TABLENAME, CONDITIONAL: row.CONDITIONAL })),
      );
      notify(answer.message, { type: 'success' });
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="template-apply-title">
      <CardContent>
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Typography id="template-apply-title" variant="subtitle1" component="h3">
            {translate('selection.template.apply_title')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              size="small"
              label={translate('selection.template.mid')}
              value={mid}
              onChange={(event) => setMid(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && void load()}
            />
            <Button variant="outlined" onClick={() => void load()} disabled={mid.trim() === ''}>
              {translate('selection.template.load')}
            </Button>
            {device && (
              <Chip
                size="small"
                color={device.PENDIENTE ? 'warning' : 'success'}
                label={translate(
                  device.PENDIENTE ? 'selection.template.pending' : 'selection.template.up_to_date',
                )}
              />
            )}
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          {device && (
            <>
              <TableContainer>
                <Table
                  size="small"
                  aria-label={translate('selection.template.device_table', { mid: device.MID })}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        {translate('selection.template.include')}
                      </TableCell>
                      <TableCell>{translate('selection.template.table')}</TableCell>
                      <TableCell>{translate('selection.template.conditional')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={row.TABLENAME}>
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={row.ASSIGNED}
                            disabled={readOnly}
                            onChange={(event) =>
                              change(row.TABLENAME, { ASSIGNED: event.target.checked })
                            }
                            slotProps={{
                              input: {
                                'aria-label': `${translate('selection.template.include')} ${row.TABLENAME}`,
                              },
                            }}
                          />
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{row.TABLENAME}</TableCell>
                        <TableCell>
                          <Checkbox
                            checked={row.CONDITIONAL}
                            disabled={readOnly || !row.ASSIGNED}
                            onChange={(event) =>
                              change(row.TABLENAME, { CONDITIONAL: event.target.checked })
                            }
                            slotProps={{
                              input: {
                                'aria-label': `${translate('selection.template.conditional')} ${row.TABLENAME}`,
                              },
                            }}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Typography variant="caption" color="text.secondary">
                {translate('selection.template.conditional_help')}
              </Typography>
              {!readOnly && (
                <Stack direction="row">
                  <Button variant="contained" onClick={() => void apply()}>
                    {translate('selection.template.apply')}
                  </Button>
                </Stack>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
