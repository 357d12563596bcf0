// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LogsTab } from '../../../src/custom/devices/remote/LogsTab';
import { renderWithServices } from './remote.fixtures';

afterEach(cleanup);

const LONG_SQL =
  "INSERT INTO gen_pedidos (ID, CLIENTE, FECHA, IMPORTE, ESTADO) VALUES (4711, 'C-0457', " +
  "'2026-11-22', 118.40, 'P')";

/** 12 errors, newest first as the server answers them. */
const ERRORS = Array.from({ length: 12 }, (_, i) => ({
  ID: 100 - i,
  mid: 'M1',
  TIMESTAMP: new Date(Date.UTC(2026, 10, 22, 10, 59 - i)).toISOString(),
  CGSSQL: i === 0 ? LONG_SQL : `DELETE FROM gen_visitas WHERE ID = ${i}`,
  DESCRIPTION: i === 0 ? 'UNIQUE constraint failed: gen_pedidos.ID' : 'database is locked',
}));

const HISTORY = [
  { ID: 7, mid: 'M1', CMD: 'lock', STATE: 'executed', CREATED: '2026-11-22T10:00:00.000Z' },
  { ID: 6, mid: 'M1', CMD: 'ping', STATE: 'offline', CREATED: '2026-11-22T09:00:00.000Z' },
];

type Datatable = { start: number; length: number };

function services(errors = ERRORS) {
  return vi.fn((operation: string, parameter: Record<string, unknown>) => {
    const { start, length } = (parameter.datatable ?? {}) as Datatable;
    switch (operation) {
      case 'effectiveOverrides':
        return {};
      case 'deviceCommandLog':
        return { CMDTIME: '2026-11-22T10:00:00.000Z', LASTCMD: 'lock', LASTERROR: null };
      case 'deviceCommands':
        return { data: HISTORY, total: HISTORY.length };
      case 'deviceErrorLogs':
        return { data: errors.slice(start, start + length), total: errors.length };
      default:
        throw new Error(`unexpected ${operation}`);
    }
  });
}

const calls = (service: ReturnType<typeof services>, operation: string) =>
  service.mock.calls.filter(([name]) => name === operation).map(([, parameter]) => parameter);

const errorLogs = () => screen.findByRole('region', { name: 'Registros de error' });

describe('the error logs of the logs tab', () => {
  it('shows 5 rows newest first, with date, SQL and description, from the declared list', async () => {
    const service = services();
    renderWithServices(service, <LogsTab database={5} mid="M1" owner="Demo" />);
    const section = await errorLogs();
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(1 + 5));
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha', 'SQL', 'Descripción']);
    expect(calls(service, 'deviceErrorLogs')[0]).toEqual({
      database: 5,
      datatable: { start: 0, length: 5, orderBy: 'TIMESTAMP', orderDir: 'desc' },
      filter: { mid: 'M1' },
    });
    const first = within(section).getAllByRole('row')[1];
    expect(within(first).getByText('UNIQUE constraint failed: gen_pedidos.ID')).toBeTruthy();
    expect(within(first).getByText(LONG_SQL)).toBeTruthy();
  });

  it('pages on and searches through the server', async () => {
    const service = services();
    renderWithServices(service, <LogsTab database={5} mid="M1" owner="Demo" />);
    const section = await errorLogs();
    await waitFor(() => expect(within(section).getByText('1-5 de 12')).toBeTruthy());
    fireEvent.click(within(section).getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(within(section).getByText('6-10 de 12')).toBeTruthy());
    // The label moves first; the page's call follows.
    await waitFor(() =>
      expect(calls(service, 'deviceErrorLogs').at(-1)).toMatchObject({
        datatable: { start: 5, length: 5 },
        filter: { mid: 'M1' },
      }),
    );
    fireEvent.change(within(section).getByPlaceholderText('Buscar en el SQL o la descripción'), {
      target: { value: 'locked' },
    });
    await waitFor(() =>
      expect(calls(service, 'deviceErrorLogs').at(-1)).toMatchObject({
        datatable: { start: 0 },
        filter: { mid: 'M1', q: 'locked' },
      }),
    );
  });

  it('says when the device has reported no errors', async () => {
    renderWithServices(services([]), <LogsTab database={5} mid="M1" owner="Demo" />);
    expect(await screen.findByText('Todavía no hay nada en Registros de error.')).toBeTruthy();
  });
});

describe('the command history of the logs tab', () => {
  it('lists the device commands newest first, commands and states by their labels', async () => {
    const service = services();
    renderWithServices(service, <LogsTab database={5} mid="M1" owner="Demo" />);
    const section = await screen.findByRole('region', { name: 'Historial de comandos' });
    expect(await within(section).findByText('no enviado, dispositivo desconectado')).toBeTruthy();
    expect(within(section).getByText('Ping')).toBeTruthy();
    expect(within(section).getByText('ejecutado')).toBeTruthy();
    expect(calls(service, 'deviceCommands')[0]).toEqual({
      database: 5,
      datatable: { start: 0, length: 10, orderBy: 'CREATED', orderDir: 'desc' },
      filter: { mid: 'M1' },
    });
  });

  it('names the last command by its label', async () => {
    renderWithServices(services(), <LogsTab database={5} mid="M1" owner="Demo" />);
    const last = await screen.findByRole('table', { name: 'Último comando' });
    await waitFor(() => expect(within(last).getByText('Bloquear')).toBeTruthy());
  });
});
