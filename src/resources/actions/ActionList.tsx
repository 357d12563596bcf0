import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, List, SimpleList, TextInput, useLocale } from 'react-admin';
import type { ActionRow } from '../../dataProvider';
import { DEFAULT_PER_PAGE, listPagination } from '../listPagination';
import { detailText } from './detailText';

const actionFilters = [
  <TextInput key="action" source="action" alwaysOn resettable />,
  <TextInput key="login" source="login" alwaysOn resettable />,
];

/** `/app/actions`: the actions log, filtered by action and user, paged and sorted on the server. */
export default function ActionList() {
  const locale = useLocale();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title="menu.actions"
      filters={actionFilters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={DEFAULT_PER_PAGE}
      pagination={listPagination}
      exporter={false}
    >
      {isSmall ? (
        <SimpleList<ActionRow>
          linkType={false}
          primaryText={(record) => record.action}
          secondaryText={(record) =>
            [record.login, detailText(record.detail)].filter(Boolean).join(' · ')
          }
          tertiaryText={(record) => new Date(record.at).toLocaleString(locale)}
        />
      ) : (
        <DataTable<ActionRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="at">
            <DateField source="at" showTime locales={locale} />
          </DataTable.Col>
          <DataTable.Col source="login" />
          <DataTable.Col source="action" />
          <DataTable.Col
            source="detail"
            disableSort
            render={(record) => detailText(record.detail)}
          />
        </DataTable>
      )}
    </List>
  );
}
