import { Alert, Box, Dialog, DialogContent, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import { ClosableTitle, type HelpdeskFileDialogProps } from './ClosableTitle';

/** A screenshot of the help-desk files (viewImage: base64 PNG or JPEG). */
export function ImageDialog({ database, mid, file, onClose }: HelpdeskFileDialogProps) {
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
      <ClosableTitle onClose={onClose}>
        {translate('remote.viewer.image_title', { name: file ?? '' })}
      </ClosableTitle>
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
