import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import {
  Alert,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ReportRow } from '../../../protocol/reports';
import type { FlotaDataProvider } from '../../dataProvider';

/** 001 §9: the saved reports are paged on the server, 25 a page. */
const PAGE = 25;

interface ReportListProps {
  database: number;
  selected: number | null;
  onOpen(report: ReportRow): void;
  onNew(): void;
  /** Tells whether the caller may create reports (the list's answer says). */
  onWritable(writable: boolean): void;
}

/** The saved reports the caller may see, searched and paged on the server. */
export function ReportList({ database, selected, onOpen, onNew, onWritable }: ReportListProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const { data, error } = useQuery({
    queryKey: ['flota', 'reportsWithPages', database, filter, page],
    queryFn: ({ signal }) =>
      dataProvider.reportsPage(
        database,
        filter,
        { start: page * PAGE, length: PAGE, orderBy: 'Title', orderDir: 'asc' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const writable = data?.writable ?? false;
  useEffect(() => onWritable(writable), [writable, onWritable]);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {translate('reports.list.title')}
          </Typography>
          {data?.writable && (
            <Button startIcon={<AddIcon />} variant="contained" size="small" onClick={onNew}>
              {translate('reports.list.new')}
            </Button>
          )}
        </Stack>
        <TextField
          label={translate('reports.list.search')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
          }}
          size="small"
          fullWidth
          type="search"
        />
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {data && data.total === 0 && (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {translate('reports.list.empty')}
          </Typography>
        )}
        <List dense aria-label={translate('reports.list.title')}>
          {data?.data.map((report) => (
            <ListItem key={report.ID} disablePadding>
              <ListItemButton selected={report.ID === selected} onClick={() => onOpen(report)}>
                <ListItemText
                  primary={report.Title}
                  secondary={translate('reports.list.by', { owner: report.Owner })}
                />
                {report.Code && (
                  <ListItemIcon sx={{ minWidth: 0 }} title={translate('reports.list.private')}>
                    <LockIcon fontSize="small" aria-label={translate('reports.list.private')} />
                  </ListItemIcon>
                )}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {data && data.total > PAGE && (
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={PAGE}
            rowsPerPageOptions={[PAGE]}
            onPageChange={(_, next) => setPage(next)}
          />
        )}
      </CardContent>
    </Card>
  );
}
