import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProjectRow } from '../dataProvider/deviceTypes';
import { ClosableTitle } from '../custom/devices/remote/ClosableTitle';

interface ParamsDialogProps {
  /**
   * The i18n area of the texts: `<area>.params` (title), `.choose`, `.project`, `.no_projects`,
   * `.cancel`, `.apply`.
   */
  area: string;
  projects: ProjectRow[];
  pid: number | null;
  onPid(pid: number): void;
  /** Whether what is chosen can be applied (a project, and what `children` choose). */
  ready: boolean;
  onApply(): void;
  onClose(): void;
  /** What is chosen after the project (the frameworks' environment). */
  children?: ReactNode;
}

/**
 * A screen's parameters modal (002 §2 "params modal, pid"): the project among the caller's, and
 * whatever the screen chooses after it.
 */
export function ParamsDialog(props: ParamsDialogProps) {
  const { area, projects, pid, onPid, ready, onApply, onClose, children } = props;
  const translate = useTranslate();
  const titleId = `${area}-params`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <ClosableTitle onClose={onClose}>
        <span id={titleId}>{translate(`${area}.params`)}</span>
      </ClosableTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(`${area}.choose`)}</DialogContentText>
        {projects.length === 0 ? (
          <Alert severity="info">{translate(`${area}.no_projects`)}</Alert>
        ) : (
          <Stack spacing={2}>
            <TextField
              select
              label={translate(`${area}.project`)}
              value={pid ?? ''}
              onChange={(event) => onPid(Number(event.target.value))}
            >
              {projects.map((project) => (
                <MenuItem key={project.numero} value={project.numero}>
                  {project.name}
                </MenuItem>
              ))}
            </TextField>
            {children}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${area}.cancel`)}</Button>
        <Button variant="contained" disabled={!ready} onClick={onApply}>
          {translate(`${area}.apply`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
