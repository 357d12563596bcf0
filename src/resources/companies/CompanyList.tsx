import { BooleanField, DataTable, DateField, List, SearchInput, useLocale } from 'react-admin';
import type { CompanyListRow } from '../../dataProvider';
import { useTierLabel } from '../../i18n/useTierLabel';
import { DEFAULT_PER_PAGE, listPagination } from '../listPagination';
import { CompanyStateButton } from './CompanyStateButton';

const companyFilters = [<SearchInput key="q" source="q" alwaysOn />];

/** `/app/xonecias` (top administrator): every company, its plan, users and state. */
export default function CompanyList() {
  const locale = useLocale();
  const tierLabel = useTierLabel();
  return (
    <List
      title="menu.companies"
      filters={companyFilters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={DEFAULT_PER_PAGE}
      pagination={listPagination}
      exporter={false}
    >
      <DataTable<CompanyListRow> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="tier" render={(record) => tierLabel(record.tier)} />
        <DataTable.NumberCol source="users" disableSort />
        <DataTable.Col source="active" disableSort field={BooleanField} />
        <DataTable.Col source="created_at">
          <DateField source="created_at" locales={locale} />
        </DataTable.Col>
        <DataTable.Col label="" disableSort>
          <CompanyStateButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
