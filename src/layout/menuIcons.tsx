import type { ReactElement } from 'react';
import HomeIcon from '@mui/icons-material/Home';
import HistoryIcon from '@mui/icons-material/History';
import BusinessIcon from '@mui/icons-material/Business';
import SellIcon from '@mui/icons-material/Sell';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

/** The MUI icon for each icon name the server's menu entries use. */
const ICONS: Record<string, ReactElement> = {
  home: <HomeIcon />,
  history: <HistoryIcon />,
  business: <BusinessIcon />,
  pricing: <SellIcon />,
  profile: <AccountCircleIcon />,
};

export const menuIcon = (name: string): ReactElement => ICONS[name] ?? <ChevronRightIcon />;
