import { IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';

interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  onPage(page: number): void;
}

/** Previous / next for a small server-paged list, with react-admin's wording. */
export function Pager({ page, perPage, total, onPage }: PagerProps) {
  const translate = useTranslate();
  const offsetBegin = total === 0 ? 0 : page * perPage + 1;
  const offsetEnd = Math.min(total, (page + 1) * perPage);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', px: 2, py: 1 }}
    >
      <Typography variant="body2">
        {translate('ra.navigation.page_range_info', { offsetBegin, offsetEnd, total })}
      </Typography>
      <IconButton
        aria-label={translate('ra.navigation.previous')}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        aria-label={translate('ra.navigation.next')}
        disabled={offsetEnd >= total}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
