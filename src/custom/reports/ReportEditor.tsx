import { lazy, Suspense } from 'react';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { NEW_REPORT_ID } from '../../../protocol/reports';
import type { ReportDraft } from '../../dataProvider/reportCalls';
import { withMonacoLanguage } from '../resources/lazyMonaco';

const SqlEditor = lazy(withMonacoLanguage(() => import('./SqlEditor')));

interface ReportEditorProps {
  draft: ReportDraft;
  writable: boolean;
  onChange(draft: ReportDraft): void;
  onSave(): void;
  onDelete(): void;
  onRun(): void;
  onClose(): void;
}

/** The editor of one report, new (ID -1) or saved; read-only without write on 'reports' (001 §6). */
export function ReportEditor(props: ReportEditorProps) {
  const { draft, writable, onChange, onSave, onDelete, onRun, onClose } = props;
  const translate = useTranslate();
  const isNew = draft.ID === NEW_REPORT_ID;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {isNew ? translate('reports.editor.new_title') : draft.Title}
          </Typography>
          {!writable && <Alert severity="info">{translate('reports.editor.read_only')}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={translate('reports.editor.name')}
              value={draft.Title}
              onChange={(event) => onChange({ ...draft, Title: event.target.value })}
              slotProps={{ input: { readOnly: !writable }, htmlInput: { maxLength: 200 } }}
              required
              size="small"
              sx={{ flexGrow: 1 }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.Code}
                  disabled={!writable}
                  onChange={(event) => onChange({ ...draft, Code: event.target.checked })}
                />
              }
              label={translate('reports.editor.private')}
            />
          </Stack>
          <Box
            sx={{
              height: 220,
              border: 1,
              borderColor: 'divider',
              overflow: 'hidden',
              contain: 'inline-size',
            }}
            data-testid="report-sql-editor"
          >
            <Suspense fallback={<Skeleton variant="rectangular" height="100%" />}>
              <SqlEditor
                value={draft.SQL}
                readOnly={!writable}
                label={translate('reports.editor.sql')}
                onChange={(SQL) => onChange({ ...draft, SQL })}
              />
            </Suspense>
          </Box>
          <Typography variant="caption" color="text.secondary">
            {translate('reports.editor.macro_help')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={onRun}>
              {translate('reports.editor.run')}
            </Button>
            {writable && (
              <Button variant="outlined" onClick={onSave}>
                {translate('reports.editor.save')}
              </Button>
            )}
            {writable && !isNew && (
              <Button color="error" onClick={onDelete}>
                {translate('reports.editor.delete')}
              </Button>
            )}
            <Button onClick={onClose}>{translate('reports.editor.close')}</Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
