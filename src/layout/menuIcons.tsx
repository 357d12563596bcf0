import type { ReactElement } from 'react';
import HomeIcon from '@mui/icons-material/Home';
import HistoryIcon from '@mui/icons-material/History';
import ListAltIcon from '@mui/icons-material/ListAlt';
import BusinessIcon from '@mui/icons-material/Business';
import SellIcon from '@mui/icons-material/Sell';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SummarizeIcon from '@mui/icons-material/Summarize';
import AppleIcon from '@mui/icons-material/Apple';
import MicrosoftIcon from '@mui/icons-material/Microsoft';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import PieChartIcon from '@mui/icons-material/PieChart';
import SearchIcon from '@mui/icons-material/Search';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloudIcon from '@mui/icons-material/Cloud';
import RestoreIcon from '@mui/icons-material/Restore';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import DnsIcon from '@mui/icons-material/Dns';
import TuneIcon from '@mui/icons-material/Tune';
import GroupIcon from '@mui/icons-material/Group';
import DomainIcon from '@mui/icons-material/Domain';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import BuildIcon from '@mui/icons-material/Build';
import KeyIcon from '@mui/icons-material/Key';
import ApartmentIcon from '@mui/icons-material/Apartment';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import SettingsIcon from '@mui/icons-material/Settings';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdate';
import AssessmentIcon from '@mui/icons-material/Assessment';
import TableChartIcon from '@mui/icons-material/TableChart';
import VideocamIcon from '@mui/icons-material/Videocam';
import AppsIcon from '@mui/icons-material/Apps';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import AndroidIcon from '@mui/icons-material/Android';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import PersonPinIcon from '@mui/icons-material/PersonPin';

/** The MUI icon for each icon name the server's menu entries use. */
const ICONS: Record<string, ReactElement> = {
  home: <HomeIcon />,
  history: <HistoryIcon />,
  actions: <ListAltIcon />,
  business: <BusinessIcon />,
  pricing: <SellIcon />,
  profile: <AccountCircleIcon />,
  dashboard: <DashboardIcon />,
  devices: <PhoneAndroidIcon />,
  chart: <PieChartIcon />,
  search: <SearchIcon />,
  cloud: <CloudIcon />,
  recent: <RestoreIcon />,
  shared: <FolderSharedIcon />,
  dns: <DnsIcon />,
  tune: <TuneIcon />,
  group: <GroupIcon />,
  domain: <DomainIcon />,
  admin: <AdminPanelSettingsIcon />,
  logs: <ReceiptLongIcon />,
  tools: <BuildIcon />,
  security: <KeyIcon />,
  organization: <ApartmentIcon />,
  stats: <QueryStatsIcon />,
  settings: <SettingsIcon />,
  updates: <SystemUpdateIcon />,
  reports: <AssessmentIcon />,
  tables: <TableChartIcon />,
  live: <VideocamIcon />,
  apps: <AppsIcon />,
  kiosk: <PhonelinkLockIcon />,
  bots: <SmartToyIcon />,
  qr: <VpnKeyIcon />,
  frameworks: <AndroidIcon />,
  mdmdash: <SummarizeIcon />,
  mdmkiosk: <FullscreenIcon />,
  mdmroles: <PersonPinIcon />,
  apple: <AppleIcon />,
  windows: <MicrosoftIcon />,
};

export const menuIcon = (name: string): ReactElement => ICONS[name] ?? <ChevronRightIcon />;
