import { useState } from 'react';
import { Button, IconButton } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SwapHorizIcon from '@mui/icons-material/Sync';
import { useListContext, useRecordContext, useTranslate } from 'react-admin';
import { BulkActions } from '../../resources/factory/BulkActions';
import { useDefinitionListUi } from '../../resources/factory/listUi';
import { useDefinitionAccess } from '../../resources/factory/permissions';
import type { ListSlotProps, ResourceSlots, SelectionMenuProps } from '../../resources/slots';
import { DeviceMenu, type MenuPlace } from './DeviceMenu';
import { useDeviceDialogs } from './DeviceDialogs';
import { useCanChangeKiosk } from './premiumData';

/** The menu of the selected rows, at the right-click (or the row's context-menu key). */
function DeviceSelectionMenu({ position, onClose }: SelectionMenuProps) {
  const { data = [], selectedIds } = useListContext();
  const rows = data.filter((row) => selectedIds.includes(row.id));
  return <DeviceMenu rows={rows} place={position ? { position } : null} onClose={onClose} />;
}

/**
 * The same menu from a button of the row, for who does not right-click. On a phone's cards
 * (DefinitionCards) the card's own menu button opens this selection menu already: the button is
 * hidden there (one ⋮ per card), while its menu and the dialogs it opened stay mounted.
 */
function DeviceRowMenuButton() {
  const translate = useTranslate();
  const record = useRecordContext();
  const [place, setPlace] = useState<MenuPlace | null>(null);
  if (!record) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('kioskpremium.device.menu_button', { name: String(record.Guid) })}
        aria-haspopup="menu"
        sx={{ 'li.MuiCard-root &': { display: 'none' } }}
        onClick={(event) => {
          event.stopPropagation();
          setPlace({ element: event.currentTarget });
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <DeviceMenu rows={[record]} place={place} onClose={() => setPlace(null)} />
    </>
  );
}

/**
 * The buttons over the selected devices: "move to another profile" (administrators), then the
 * list's own bulk actions and delete.
 */
function DeviceBulkActions({ database }: ListSlotProps) {
  const translate = useTranslate();
  const { definition, can } = useDefinitionListUi();
  const { bulk } = useDefinitionAccess(definition, database);
  const { data = [], selectedIds } = useListContext();
  const canChange = useCanChangeKiosk();
  const dialogs = useDeviceDialogs();
  return (
    <>
      {canChange && (
        <Button
          size="small"
          startIcon={<SwapHorizIcon />}
          onClick={() => dialogs.move(data.filter((row) => selectedIds.includes(row.id)))}
        >
          {translate('kioskpremium.device.move')}
        </Button>
      )}
      <BulkActions
        definition={definition}
        actions={bulk}
        canDelete={can('delete')}
        database={database}
      />
    </>
  );
}

/** The kiosk device lists' own parts on the premium kiosk page. */
export const DEVICE_SLOTS: ResourceSlots = {
  bulkActions: DeviceBulkActions,
  selectionMenu: DeviceSelectionMenu,
  rowActions: DeviceRowMenuButton,
};
