import { lazy } from 'react';
import BusinessIcon from '@mui/icons-material/Business';
import { PATHS } from '../../paths';

export const companies = {
  name: 'companies',
  path: PATHS.companies,
  list: lazy(() => import('./CompanyList')),
  icon: BusinessIcon,
};
