// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  AdminContext,
  ListContextProvider,
  memoryStore,
  type ListControllerResult,
} from 'react-admin';
import { field, type ResourceSchema } from '../../../protocol/resource-schema';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { FilterRow } from '../../../src/resources/schema';

const schema: ResourceSchema = {
  name: 'devicelist',
  node: 'devices',
  key: 'ID',
  fields: [
    field('ID', 'int'),
    field('OWNER', 'text'),
    field('MID', 'text'),
    field('SINCRONISMO', 'datetime'),
    field('SECRET', 'text', { filter: false }),
    field('IMEI', 'text', { list: false }),
  ],
};

function renderRow(filterValues: Record<string, unknown> = {}, maxFilters?: number) {
  const setFilters = vi.fn();
  const list = {
    filterValues,
    displayedFilters: {},
    setFilters,
  } as unknown as ListControllerResult;
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <ListContextProvider value={list}>
        <FilterRow schema={schema} debounce={10} maxFilters={maxFilters} />
      </ListContextProvider>
    </AdminContext>,
  );
  return setFilters;
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

afterEach(cleanup);

describe('the per-column filter row', () => {
  it('offers the listed, filterable fields, each with the operators of its type', async () => {
    renderRow({ database: 1 });
    const row = await screen.findByRole('group', { name: 'Filtro por columna' });
    expect(
      within(row)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['ID', 'Propietario', 'MID', 'Último sincronismo']);
    expect(options(screen.getByLabelText('Operador de ID'))).toEqual([
      '=',
      '≠',
      '<',
      '≤',
      '>',
      '≥',
    ]);
    expect(options(screen.getByLabelText('Operador de Propietario'))).toEqual([
      'contiene',
      'no contiene',
      'empieza por',
      'termina en',
      'igual',
      'distinto',
    ]);
    // A number is typed as text read in the console's language, not in a browser's number input.
    expect(screen.getByLabelText('Valor de ID').getAttribute('inputmode')).toBe('decimal');
    expect(options(screen.getByLabelText('Operador de Último sincronismo'))).toEqual([
      'dentro de',
      'fuera de',
    ]);
  });

  it('writes a text filter as rowfilter and rowfilteroper once typing settles', async () => {
    const setFilters = renderRow({ database: 1, platform: 'ANDROID' });
    fireEvent.change(await screen.findByLabelText('Valor de Propietario'), {
      target: { value: 'garc' },
    });
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(
        {
          database: 1,
          platform: 'ANDROID',
          rowfilter: { OWNER: 'garc' },
          rowfilteroper: { OWNER: 1 },
        },
        {},
      ),
    );
    fireEvent.change(screen.getByLabelText('Operador de Propietario'), { target: { value: '3' } });
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(
        expect.objectContaining({ rowfilter: { OWNER: 'garc' }, rowfilteroper: { OWNER: 3 } }),
        {},
      ),
    );
  });

  it('writes numeric operators 7–12 for a numeric field', async () => {
    const setFilters = renderRow({ database: 1 });
    fireEvent.change(await screen.findByLabelText('Operador de ID'), { target: { value: '11' } });
    // An operator without a value filters nothing, so nothing is sent yet.
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(setFilters).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Valor de ID'), { target: { value: '25' } });
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(
        { database: 1, rowfilter: { ID: '25' }, rowfilteroper: { ID: 11 } },
        {},
      ),
    );
  });

  it('reads a numeric filter in the console language and filters nothing by what it cannot read', async () => {
    const setFilters = renderRow({ database: 1 });
    const value = await screen.findByLabelText('Valor de ID');
    fireEvent.change(value, { target: { value: '3,25' } });
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(
        { database: 1, rowfilter: { ID: '3.25' }, rowfilteroper: { ID: 7 } },
        {},
      ),
    );
    fireEvent.change(value, { target: { value: '1.234' } });
    expect(await screen.findByText(/puede ser un número con decimales/)).toBeTruthy();
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(
        { database: 1, rowfilter: {}, rowfilteroper: {} },
        {},
      ),
    );
    expect((value as HTMLInputElement).value).toBe('1.234');
  });

  it('writes a date range as from~to', async () => {
    const setFilters = renderRow({ database: 1 });
    fireEvent.change(await screen.findByLabelText('Último sincronismo desde'), {
      target: { value: '2026-11-01' },
    });
    fireEvent.change(screen.getByLabelText('Último sincronismo hasta'), {
      target: { value: '2026-11-22' },
    });
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(
        {
          database: 1,
          rowfilter: { SINCRONISMO: '2026-11-01~2026-11-22' },
          rowfilteroper: { SINCRONISMO: 1 },
        },
        {},
      ),
    );
  });

  it('shows the filters already applied, and clears them all at once', async () => {
    const setFilters = renderRow({
      database: 1,
      rowfilter: { OWNER: 'ana', ID: '3' },
      rowfilteroper: { OWNER: 6, ID: 12 },
    });
    expect(((await screen.findByLabelText('Valor de Propietario')) as HTMLInputElement).value).toBe(
      'ana',
    );
    expect((screen.getByLabelText('Operador de Propietario') as HTMLSelectElement).value).toBe('6');
    expect((screen.getByLabelText('Operador de ID') as HTMLSelectElement).value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(
        { database: 1, rowfilter: {}, rowfilteroper: {} },
        {},
      ),
    );
  });

  it('lets no more filters start once the limit is reached', async () => {
    renderRow({ database: 1, rowfilter: { OWNER: 'ana', MID: 'x' }, rowfilteroper: {} }, 2);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText(/Como máximo 2 filtros a la vez/)).toBeTruthy();
    expect((screen.getByLabelText('Valor de ID') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Valor de Propietario') as HTMLInputElement).disabled).toBe(
      false,
    );
  });
});
