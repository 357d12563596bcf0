import {
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  type PopoverPosition,
} from '@mui/material';
import InfoIcon from '@mui/icons-material/Description';
import SendIcon from '@mui/icons-material/Send';
import SwapHorizIcon from '@mui/icons-material/Sync';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { profileCommandRequest, profileCommands } from '../../../protocol/kiosk-premium';
import type { ProfileCommand } from '../../../protocol/resources/kiosk-profiles';
import type { FlotaDataProvider } from '../../dataProvider';
import { useDeviceDialogs } from './DeviceDialogs';
import { errorText, useCanChangeKiosk, useKioskProfiles } from './premiumData';

/** Where the menu opens: at the pointer (right-click) or under its row's button. */
export type MenuPlace =
  | { position: PopoverPosition; element?: undefined }
  | { element: HTMLElement; position?: undefined };

/**
 * The context menu of kiosk device rows (002 §2, §5, §9): the detail (one row), moving the device
 * to another profile, and the command entries of its profile (at most 25), each sent to that one
 * device through the command queue. The commands need the device in a profile, and one device.
 */
export function DeviceMenu({
  rows,
  place,
  onClose,
}: {
  rows: RaRecord[];
  place: MenuPlace | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const canChange = useCanChangeKiosk();
  const profiles = useKioskProfiles();
  const dialogs = useDeviceDialogs();
  const one = rows.length === 1 ? rows[0] : null;
  const allInProfile = rows.length > 0 && rows.every((row) => row.Idprofile);
  const profile = one ? profiles.find((p) => String(p.id) === String(one.Idprofile)) : undefined;
  const entries = profile ? profileCommands(profile.Control) : [];
  const name = one ? String(one.Guid) : String(rows.length);
  const send = async (entry: ProfileCommand) => {
    onClose();
    if (!one) return notify('kioskpremium.device.one_only', { type: 'warning' });
    try {
      await dataProvider.kioskPremiumCommand({
        dest: String(one.Guid),
        ...profileCommandRequest(entry),
      });
      notify('kioskpremium.device.sent', { type: 'info', messageArgs: { cmd: entry.c } });
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  const commandItems = () => {
    if (!allInProfile)
      return [
        <MenuItem key="none" disabled>
          <ListItemText>{translate('kioskpremium.device.not_in_profile')}</ListItemText>
        </MenuItem>,
      ];
    if (!one)
      return [
        <MenuItem key="one" disabled>
          <ListItemText>{translate('kioskpremium.device.one_only')}</ListItemText>
        </MenuItem>,
      ];
    if (!entries.length)
      return [
        <MenuItem key="empty" disabled>
          <ListItemText>{translate('kioskpremium.device.no_commands')}</ListItemText>
        </MenuItem>,
      ];
    return entries.map((entry, index) => (
      <MenuItem key={`cmd-${index}`} onClick={() => void send(entry)}>
        <ListItemIcon>
          <SendIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={entry.c}
          secondary={[entry.p, entry.v === 'F' ? translate('kioskpremium.device.off') : '']
            .filter(Boolean)
            .join(' · ')}
        />
      </MenuItem>
    ));
  };
  return (
    <>
      <Menu
        open={place !== null}
        onClose={onClose}
        anchorReference={place?.element ? 'anchorEl' : 'anchorPosition'}
        anchorEl={place?.element}
        anchorPosition={place?.position}
        slotProps={{
          list: { 'aria-label': translate('kioskpremium.device.menu', { name }) },
          paper: { sx: { maxHeight: '70vh', maxWidth: 'min(22rem, 95vw)' } },
        }}
      >
        <MenuItem
          disabled={!one}
          onClick={() => {
            onClose();
            if (one) dialogs.detail(one);
          }}
        >
          <ListItemIcon>
            <InfoIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('kioskpremium.device.detail')}</ListItemText>
        </MenuItem>
        {canChange && (
          <MenuItem
            disabled={!rows.length}
            onClick={() => {
              onClose();
              dialogs.move(rows);
            }}
          >
            <ListItemIcon>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('kioskpremium.device.move')}</ListItemText>
          </MenuItem>
        )}
        {canChange && <Divider />}
        {canChange && (
          // A heading of the commands below, as a disabled item (a menu holds only its items).
          <MenuItem disabled dense sx={{ '&.Mui-disabled': { opacity: 1 } }}>
            <ListItemText slotProps={{ primary: { variant: 'overline', color: 'text.secondary' } }}>
              {translate('kioskpremium.device.commands')}
            </ListItemText>
          </MenuItem>
        )}
        {canChange && commandItems()}
      </Menu>
    </>
  );
}
