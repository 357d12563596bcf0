import { useDataProvider, useRecordContext } from 'react-admin';
import type { CompanyListRow, FlotaDataProvider } from '../../dataProvider';
import { ConfirmedToggle } from '../../resources/ConfirmedToggle';

/**
 * Enables or disables the company of the row, after the user confirms: the companies list's row
 * actions slot (src/resources/slots.ts), through `updateCompanyState`.
 */
export function CompanyStateButton() {
  const record = useRecordContext<CompanyListRow>();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  if (!record) return null;
  return (
    <ConfirmedToggle
      on={Boolean(record.active)}
      name={record.name}
      turnOff={{
        verb: 'resources.companies.disable',
        title: 'resources.companies.disable',
        content: 'resources.companies.confirm_disable',
        done: 'resources.companies.disabled',
      }}
      turnOn={{
        verb: 'resources.companies.enable',
        title: 'resources.companies.enable',
        content: 'resources.companies.confirm_enable',
        done: 'resources.companies.enabled',
      }}
      toggle={() => dataProvider.setCompanyState(record.id, Boolean(record.active))}
    />
  );
}
