import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DevicePicker } from '../settings/groups/DevicePicker';

const PICKER_TEXTS = { title: 'updates.new.picker_devices', help: 'updates.new.picker_help' };

/**
 * The devices of a licence update: chips of the chosen MIDs and, when open, the group editor's
 * paged device picker (devicesWithPages).
 */
export function DeviceTargets({
  database,
  mids,
  ids,
  open,
  onOpen,
  onChange,
  disabled,
}: {
  database: number;
  mids: string[];
  /** The picker's rows ticked so far (ID → MID). */
  ids: ReadonlyMap<number, string>;
  open: boolean;
  onOpen(): void;
  onChange(mids: string[], ids: Map<number, string>): void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const remove = (mid: string) =>
    onChange(
      mids.filter((m) => m !== mid),
      new Map([...ids].filter(([, m]) => m !== mid)),
    );
  return (
    <Box component="section" aria-labelledby="update-devices-title">
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography id="update-devices-title" variant="subtitle1" component="h3">
          {translate('updates.new.devices')}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({translate('updates.new.devices_selected', { smart_count: mids.length })})
          </Typography>
        </Typography>
        {!open && !disabled && (
          <Button size="small" onClick={onOpen}>
            {translate('updates.new.pick_devices')}
          </Button>
        )}
      </Stack>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }}>
        {mids.map((mid) => (
          <Chip
            key={mid}
            size="small"
            label={mid}
            onDelete={disabled ? undefined : () => remove(mid)}
            title={translate('updates.new.remove_device', { mid })}
          />
        ))}
      </Stack>
      {open && !disabled && (
        <DevicePicker
          database={database}
          platform=""
          texts={PICKER_TEXTS}
          isSelected={(device) => ids.has(device.ID) || mids.includes(device.MID)}
          onToggle={(device, on) => {
            const next = new Map(ids);
            if (on) next.set(device.ID, device.MID);
            else next.delete(device.ID);
            const rest = mids.filter((m) => m !== device.MID);
            onChange(on ? [...rest, device.MID] : rest, next);
          }}
        />
      )}
    </Box>
  );
}
