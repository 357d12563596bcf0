import { useTranslate } from 'react-admin';
import { UPDATE_PAGE_SIZES } from '../../../protocol/updates';
import { TablePager } from '../environments/TablePager';

interface UpdatePagerProps {
  total: number;
  page: number;
  /** Rows a page; -1 is "all". */
  perPage: number;
  onPage(page: number): void;
  onPerPage(perPage: number): void;
}

/** The update tables' pagination: 5, 10, 20 or all rows (000 §9). */
export function UpdatePager({ total, page, perPage, onPage, onPerPage }: UpdatePagerProps) {
  const translate = useTranslate();
  return (
    <TablePager
      paging={{ page, perPage, setPage: onPage, setPerPage: onPerPage }}
      total={total}
      lengths={[...UPDATE_PAGE_SIZES, { label: translate('updates.rows_all'), value: -1 }]}
    />
  );
}
