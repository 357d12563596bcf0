// @vitest-environment jsdom
import { TablePagination } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { LocaleTheme } from '../../../src/layout/LocaleTheme';

function pager() {
  return (
    <AdminContext i18nProvider={i18nProvider}>
      <LocaleTheme>
        <table>
          <tfoot>
            <tr>
              <TablePagination count={0} page={0} rowsPerPage={10} onPageChange={() => {}} />
            </tr>
          </tfoot>
        </table>
      </LocaleTheme>
    </AdminContext>
  );
}

describe('MUI components in the console language', () => {
  it('speaks Spanish by default: no "0–0 of 0"', () => {
    render(pager());
    expect(screen.getByText('0–0 de 0')).toBeTruthy();
    expect(screen.getByLabelText('Ir a la página siguiente')).toBeTruthy();
  });
});
