import { useState, type MouseEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useLocale, useTranslate } from 'react-admin';
import type { ResourceSchema } from '../../../protocol/resource-schema';
import type { FetchPage } from './fetchAllRows';
import { EXPORT_FORMATS, type ExportFormat } from './runExport';
import { useExport, type ExportProgress } from './useExport';

const ICONS: Record<ExportFormat, typeof DownloadIcon> = {
  clipboard: ContentCopyIcon,
  excel: GridOnIcon,
  csv: DescriptionIcon,
  pdf: PictureAsPdfIcon,
};

interface ExportMenuProps {
  schema: ResourceSchema;
  /** Pages of the list as it is filtered and sorted now (useListPageFetcher). */
  fetchPage: FetchPage;
  /** The project's name, for the PDF title and the file names. */
  project: string;
  disabled?: boolean;
}

/** The Export button: clipboard, Excel, CSV or PDF of the whole filtered list. */
export function ExportMenu({ schema, fetchPage, project, disabled }: ExportMenuProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { run, cancel, progress } = useExport(schema, fetchPage, project);

  const choose = (format: ExportFormat) => {
    setAnchor(null);
    void run(format);
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'export-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={disabled || progress !== null}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {translate('schema.export.button')}
      </Button>
      <Menu
        id="export-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
      >
        {EXPORT_FORMATS.map((format) => {
          const Icon = ICONS[format];
          return (
            <MenuItem key={format} onClick={() => choose(format)}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{translate(`schema.export.${format}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
      <ExportProgressDialog progress={progress} onCancel={cancel} />
    </>
  );
}

function ExportProgressDialog({
  progress,
  onCancel,
}: {
  progress: ExportProgress | null;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const target = progress?.target ?? null;
  const percent = target ? Math.round((100 * (progress?.done ?? 0)) / target) : null;
  return (
    <Dialog
      open={progress !== null}
      aria-labelledby="export-progress-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="export-progress-title">
        {translate('schema.export.progress_title')}
        {progress && ` · ${translate(`schema.export.${progress.format}`)}`}
      </DialogTitle>
      <DialogContent>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
          aria-label={translate('schema.export.progress_title')}
        />
        {target !== null && (
          <Typography variant="body2" sx={{ mt: 1 }} role="status">
            {translate('schema.export.progress', {
              done: (progress?.done ?? 0).toLocaleString(locale),
              total: target.toLocaleString(locale),
            })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
