import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { policyDiff } from '../../../protocol/mdm/policy-diff';
import type { PolicyDocument, PolicyPlatform } from '../../../protocol/mdm/policy-schema';
import { settingLabel } from '../../../protocol/mdm/setting-labels';

/** A value breaks between words, and inside one only when it must (a long JSON on a phone). */
const VALUE_SX = { fontFamily: 'monospace', overflowWrap: 'break-word', minWidth: '6em' } as const;

const COLOURS = { added: 'success.main', removed: 'error.main', changed: 'warning.main' } as const;

interface PolicyDiffTableProps {
  platform: PolicyPlatform;
  before: PolicyDocument;
  after: PolicyDocument;
}

/** The settings that differ between two documents: each with its value before and after. */
export function PolicyDiffTable({ platform, before, after }: PolicyDiffTableProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const changes = policyDiff(before, after);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('mdm.versions.none')}
      </Typography>
    );
  }
  const shown = (value: unknown) =>
    value === undefined ? translate('mdm.versions.unset') : JSON.stringify(value);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('mdm.versions.diff', { from: '', to: '' })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('mdm.versions.setting')}</TableCell>
            <TableCell>{translate('mdm.versions.before')}</TableCell>
            <TableCell>{translate('mdm.versions.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow key={change.path}>
              <TableCell sx={{ borderLeft: 4, borderLeftColor: COLOURS[change.kind] }}>
                <Typography
                  variant="body2"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {change.path}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[
                    settingLabel(platform, [change.setting], language),
                    translate(`mdm.versions.kinds.${change.kind}`),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </TableCell>
              <TableCell sx={VALUE_SX}>{shown(change.before)}</TableCell>
              <TableCell sx={VALUE_SX}>{shown(change.after)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
