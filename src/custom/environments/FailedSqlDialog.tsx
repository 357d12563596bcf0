import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { NewProjectResult } from '../../../protocol/projects';

/** The project exists, but some LDATA statements failed: 'SQL fallidos' with each one (000 §8). */
export function FailedSqlDialog({
  result,
  onClose,
}: {
  result: NewProjectResult;
  onClose(): void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('environments.new_project.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning">
          <AlertTitle>{translate('environments.new_project.failed_title')}</AlertTitle>
          {translate('environments.new_project.failed_intro')}
        </Alert>
        <List aria-label={translate('environments.new_project.failed_title')}>
          {result.failed.map((failure, index) => (
            <ListItem key={index} divider disableGutters>
              <ListItemText
                primary={
                  <Box
                    component="code"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13 }}
                  >
                    {failure.sql}
                  </Box>
                }
                secondary={failure.error}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('environments.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
