// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LogsTab } from '../../../src/resources/devices/remote/LogsTab';
import { renderRemote } from './remote.fixtures';

afterEach(cleanup);

const LONG_SQL =
  "INSERT INTO gen_pedidos (ID, CLIENTE, FECHA, IMPORTE, ESTADO) VALUES (4711, 'C-0457', " +
  "'2026-11-22', 118.40, 'P') -- " +
  'x'.repeat(300);

/** 12 errors, newest first as the server answers them. */
const ERRORS = Array.from({ length: 12 }, (_, i) => ({
  ID: 100 - i,
  TIMESTAMP: new Date(Date.UTC(2026, 10, 22, 10, 59 - i)).toISOString(),
  CGSSQL: i === 0 ? LONG_SQL : `DELETE FROM gen_visitas WHERE ID = ${i}`,
  DESCRIPTION: i === 0 ? 'UNIQUE constraint failed: gen_pedidos.ID' : 'database is locked',
}));

function provider(errors = ERRORS) {
  return {
    deviceCommandLog: vi.fn(async () => ({ CMDTIME: null, LASTCMD: null, LASTERROR: null })),
    deviceCommands: vi.fn(async () => ({ data: [], total: 0 })),
    deviceErrorLogs: vi.fn(
      async (_db: number, _mid: string, page: { start: number; length: number }) => ({
        data: errors.slice(page.start, page.start + page.length),
        total: errors.length,
      }),
    ),
  };
}

describe('the error logs of the logs tab', () => {
  it('shows 5 rows newest first, with date, SQL and description, and lengths 5, 100 and all', async () => {
    const fake = provider();
    renderRemote(fake, <LogsTab database={5} mid="M1" />);
    const table = await screen.findByRole('table', { name: 'Registros de error' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 5));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha', 'SQL', 'Descripción']);
    expect(fake.deviceErrorLogs).toHaveBeenCalledWith(
      5,
      'M1',
      { start: 0, length: 5 },
      expect.anything(),
    );
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getByText('UNIQUE constraint failed: gen_pedidos.ID')).toBeTruthy();
    expect(first.textContent).toContain(new Date(ERRORS[0].TIMESTAMP).toLocaleString('es'));

    const section = screen.getByRole('region', { name: 'Registros de error' });
    fireEvent.mouseDown(within(section).getByRole('combobox'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '100', 'Todos']);
    fireEvent.click(options[2]);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 12));
    expect(fake.deviceErrorLogs).toHaveBeenLastCalledWith(
      5,
      'M1',
      { start: 0, length: 5000 },
      expect.anything(),
    );
  });

  it('pages on through the server', async () => {
    const fake = provider();
    renderRemote(fake, <LogsTab database={5} mid="M1" />);
    const section = await screen.findByRole('region', { name: 'Registros de error' });
    await waitFor(() => expect(within(section).getByText('1–5 de 12')).toBeTruthy());
    fireEvent.click(within(section).getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(within(section).getByText('6–10 de 12')).toBeTruthy());
    expect(fake.deviceErrorLogs).toHaveBeenLastCalledWith(
      5,
      'M1',
      { start: 5, length: 5 },
      expect.anything(),
    );
  });

  it('cuts a long SQL to one monospace line and unfolds it on click', async () => {
    renderRemote(provider(), <LogsTab database={5} mid="M1" />);
    const sql = await screen.findByRole('button', { name: LONG_SQL });
    expect(sql.tagName).toBe('CODE');
    expect(sql.getAttribute('aria-expanded')).toBe('false');
    expect(getComputedStyle(sql).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(sql).textOverflow).toBe('ellipsis');
    fireEvent.click(sql);
    expect(sql.getAttribute('aria-expanded')).toBe('true');
    expect(getComputedStyle(sql).whiteSpace).toBe('pre-wrap');
    fireEvent.keyDown(sql, { key: 'Enter' });
    expect(sql.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when the device has reported no errors', async () => {
    renderRemote(provider([]), <LogsTab database={5} mid="M1" />);
    expect(await screen.findByText('Sin errores de réplica')).toBeTruthy();
  });
});
