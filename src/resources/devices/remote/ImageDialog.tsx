import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';

/** A screenshot of the help-desk files (viewImage: base64 PNG or JPEG). */
export function ImageDialog({
  database,
  mid,
  file,
  onClose,
}: {
  database: number;
  mid: string;
  file: string | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const image = useQuery({
    queryKey: ['flota', 'viewImage', database, mid, file],
    queryFn: ({ signal }) => dataProvider.viewImage(database, mid, file!, signal),
    enabled: file !== null,
    retry: false,
  });
  return (
    <Dialog open={file !== null} onClose={onClose} maxWidth="md">
      <DialogTitle sx={{ pr: 6 }}>
        {translate('remote.viewer.image_title', { name: file ?? '' })}
        <IconButton
          aria-label={translate('remote.command.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {image.isLoading && <LinearProgress />}
        {image.error && <Alert severity="error">{image.error.message}</Alert>}
        {image.data && (
          <Box
            component="img"
            src={`data:${image.data.type};base64,${image.data.image}`}
            alt={file ?? ''}
            sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block' }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
