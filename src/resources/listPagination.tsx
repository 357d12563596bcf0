import { Pagination } from 'react-admin';

/** Server grids: 100 rows by default, with choices 10, 20, 50, 100 (000 §9). */
export const DEFAULT_PER_PAGE = 100;
export const listPagination = <Pagination rowsPerPageOptions={[10, 20, 50, 100]} />;
