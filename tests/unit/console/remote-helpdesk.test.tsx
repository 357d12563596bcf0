// @vitest-environment jsdom
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HelpdeskTab } from '../../../src/resources/devices/remote/HelpdeskTab';
import { inflateLog } from '../../../src/resources/devices/remote/inflate';
import { renderRemote } from './remote.fixtures';

afterEach(cleanup);

const LOG = [
  'INFO Replicator: sync started',
  'ERROR Script: ReferenceError: order is not defined',
  'INFO Live: streaming at 20 fps',
  'WARN Database: SQLiteException: database is locked',
].join('\n');

const file = (kind: string, name: string, screenshot = false) => ({
  name,
  date: '2025-06-05T10:00:00Z',
  size: 2048,
  fullpath: `${kind}/${name}`,
  screenshot,
});

const LISTS = {
  devicelogs: [
    ...Array.from({ length: 6 }, (_, i) => file('devicelogs', `device-${i}.log`)),
    file('screenshots', 'screen.png', true),
  ],
  errorlogs: [file('errorlogs', 'error-1.log')],
  database: [file('database', 'app.db')],
  replica: [],
  kiosklogs: [],
};

/** The server's filters (server/helpdesk/log-view.ts), for the fake viewLog. */
const MATCH = { errors: /\b(ERROR|FATAL)\b|Exception/, live: /\blive/i } as Record<string, RegExp>;

function provider() {
  return {
    helpdeskFiles: vi.fn(async () => LISTS),
    deleteHelpdeskFile: vi.fn(async () => ({ deleted: 1, MID: 'M1' })),
    viewLog: vi.fn(
      async (_db: number, _mid: string, name: string, filters: string[], text: string) => {
        const lines = LOG.split('\n')
          .filter((line) => !filters.length || filters.some((f) => MATCH[f]?.test(line)))
          .filter((line) => !text || line.toLowerCase().includes(text.toLowerCase()));
        return {
          stFilename: name,
          stText: zlib.deflateRawSync(Buffer.from(lines.join('\n'))).toString('base64'),
          compress: true,
          lines: lines.length,
          totalLines: 4,
          truncated: false,
        };
      },
    ),
    viewImage: vi.fn(async () => ({ stFilename: 'x', image: 'iVBORw0KGgo=', type: 'image/png' })),
    sendCommand: vi.fn(async () => ({ results: [{ device: 'M1', state: 'executed' }] })),
  };
}

describe('the help-desk tab', () => {
  it('lists the five lists, 4 rows by default, with lengths 5, 100 and all', async () => {
    renderRemote(provider(), <HelpdeskTab database={5} mid="M1" canCommand />);
    const deviceLogs = await screen.findByRole('table', { name: 'Registros del dispositivo' });
    for (const name of [
      'Registros de errores',
      'Base de datos',
      'Ficheros de réplica',
      'Registros del quiosco',
    ])
      expect(screen.getByRole('table', { name })).toBeTruthy();
    expect(within(deviceLogs).getAllByRole('row')).toHaveLength(1 + 4);
    const section = screen.getByRole('region', { name: 'Registros del dispositivo' });
    fireEvent.mouseDown(within(section).getByRole('combobox'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['4', '5', '100', 'Todos']);
    fireEvent.click(options[3]);
    await waitFor(() => expect(within(deviceLogs).getAllByRole('row')).toHaveLength(1 + 7));
    expect(
      within(screen.getByRole('table', { name: 'Ficheros de réplica' })).getByText('Sin ficheros'),
    ).toBeTruthy();
  });

  it('deletes a file only after confirmation', async () => {
    const fake = provider();
    renderRemote(fake, <HelpdeskTab database={5} mid="M1" canCommand />);
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar error-1.log' }));
    expect(fake.deleteHelpdeskFile).not.toHaveBeenCalled();
    expect(await screen.findByText('¿Quiere borrar error-1.log?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(fake.deleteHelpdeskFile).toHaveBeenCalledWith(5, 'M1', 'errorlogs/error-1.log'),
    );
  });

  it('says a database cannot be viewed yet, and offers an image view for a screenshot', async () => {
    renderRemote(provider(), <HelpdeskTab database={5} mid="M1" canCommand />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver base de datos app.db' }));
    expect(
      await screen.findByText('La visualización de bases de datos todavía no está disponible.'),
    ).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Registros del dispositivo' });
    fireEvent.mouseDown(within(section).getByRole('combobox'));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Todos'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ver imagen screen.png' }));
    expect(await screen.findByRole('img', { name: 'screenshots/screen.png' })).toBeTruthy();
  });

  it('asks the device for its logs with the logs command', async () => {
    const fake = provider();
    renderRemote(fake, <HelpdeskTab database={5} mid="M1" canCommand />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pedir registros' }));
    await waitFor(() => expect(fake.sendCommand).toHaveBeenCalledWith(5, 'logs', ['M1']));
  });
});

describe('the log viewer', () => {
  it('inflates raw deflate from base64', async () => {
    const packed = zlib.deflateRawSync(Buffer.from('línea 1\nlínea 2')).toString('base64');
    expect(await inflateLog(packed)).toBe('línea 1\nlínea 2');
  });

  it('shows the whole log, then only the error lines, then the free text', async () => {
    const fake = provider();
    renderRemote(fake, <HelpdeskTab database={5} mid="M1" canCommand />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver registro error-1.log' }));
    const viewer = await screen.findByRole('dialog');
    const pre = () => viewer.querySelector('pre')!;
    await waitFor(() => expect(pre().textContent).toContain('INFO Live'));
    fireEvent.click(within(viewer).getByRole('button', { name: 'Errores' }));
    await waitFor(() => expect(pre().textContent).not.toContain('INFO'));
    expect(pre().textContent!.split('\n')).toEqual([
      'ERROR Script: ReferenceError: order is not defined',
      'WARN Database: SQLiteException: database is locked',
    ]);
    fireEvent.change(within(viewer).getByLabelText('Texto'), { target: { value: 'sqlite' } });
    await waitFor(() =>
      expect(pre().textContent).toBe('WARN Database: SQLiteException: database is locked'),
    );
    expect(fake.viewLog).toHaveBeenLastCalledWith(
      5,
      'M1',
      'errorlogs/error-1.log',
      ['errors'],
      'sqlite',
      expect.anything(),
    );
  });
});
