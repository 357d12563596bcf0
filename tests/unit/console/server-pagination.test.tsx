// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { ServerPagination } from '../../../src/resources/factory/ServerPagination';

function pager(total: number) {
  const list = {
    total,
    page: 1,
    perPage: 100,
    setPage: () => {},
    setPerPage: () => {},
    isPending: false,
    hasNextPage: total > 100,
    hasPreviousPage: false,
  } as unknown as ListControllerResult;
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <ListContextProvider value={list}>
        <ServerPagination rowsPerPageOptions={[10, 20, 50, 100]} />
      </ListContextProvider>
    </AdminContext>,
  );
}

describe('a server grid’s pager (000 §9)', () => {
  it('with three pages or fewer shows the arrows, no numbered page buttons', () => {
    pager(250);
    expect(screen.getByText('1-100 de 250')).toBeTruthy();
    expect(screen.getByLabelText('Ir a la página siguiente')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /página 2/ })).toBeNull();
  });

  it('with more than three pages shows numbered page buttons', () => {
    pager(450);
    expect(screen.getByRole('button', { name: /página 2/ })).toBeTruthy();
  });
});
