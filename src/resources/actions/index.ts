import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { PATHS } from '../../paths';

export const actions = {
  name: 'actions',
  path: PATHS.actions,
  list: lazy(() => import('./ActionList')),
  icon: HistoryIcon,
};
