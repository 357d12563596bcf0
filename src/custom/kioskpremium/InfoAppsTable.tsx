import { FormControlLabel, Stack, Switch } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { KIOSK_APP_INFO, KIOSK_DEVICE_APPS } from '../../../protocol/resources/kiosk-app-info';
import { useSession } from '../../dataProvider';
import type { ResourceSlots } from '../../resources/slots';
import { PremiumList } from './PremiumList';

/** The OK and KO switches over the list: at least one stays on (002 §5). */
function OkKoSwitches() {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const on = (name: 'showok' | 'showko') => filterValues[name] !== 0;
  // Turning one off while the other is off turns the other back on.
  const toggle = (name: 'showok' | 'showko', checked: boolean) => {
    const other = name === 'showok' ? 'showko' : 'showok';
    setFilters(
      { ...filterValues, [name]: checked ? 1 : 0, ...(checked ? {} : { [other]: 1 }) },
      displayedFilters,
      false,
    );
  };
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
      {(['showok', 'showko'] as const).map((name) => (
        <FormControlLabel
          key={name}
          control={
            <Switch checked={on(name)} onChange={(event) => toggle(name, event.target.checked)} />
          }
          label={translate(`kioskpremium.info.${name === 'showok' ? 'show_ok' : 'show_ko'}`)}
        />
      ))}
    </Stack>
  );
}

// An empty table keeps its switches (a KO-only view may be empty while OK rows exist).
const SLOTS: ResourceSlots = { header: OkKoSwitches, empty: false };

/**
 * The app info tables (002 §2, §7), declared lists over `/Actionstable`: ListInfoApp (one app
 * on the profile's devices of a project) or ListInfoApps (the profile's apps on one device),
 * paged in SQL, with the OK and KO switches.
 */
export function InfoAppsTable({
  parameter,
}: {
  parameter: { oper: 'ListInfoApp' | 'ListInfoApps'; database: number } & Record<string, unknown>;
}) {
  const translate = useTranslate();
  const { data: session } = useSession();
  const { oper, ...fixed } = parameter;
  return (
    <PremiumList
      definition={oper === 'ListInfoApp' ? KIOSK_APP_INFO : KIOSK_DEVICE_APPS}
      owner={session?.company?.name ?? ''}
      fixedFilter={fixed}
      heading={{ text: translate('kioskpremium.info.table'), level: 'h3' }}
      slots={SLOTS}
    />
  );
}
