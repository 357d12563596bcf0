// @vitest-environment jsdom
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HelpdeskTab } from '../../../src/custom/devices/remote/HelpdeskTab';
import { inflateLog } from '../../../src/custom/devices/remote/inflate';
import { renderWithServices } from './remote.fixtures';
import { WithSlots } from './slots.fixtures';

afterEach(cleanup);

const LOG = [
  'INFO Replicator: sync started',
  'ERROR Script: ReferenceError: order is not defined',
  'INFO Live: streaming at 20 fps',
  'WARN Database: SQLiteException: database is locked',
].join('\n');

const file = (kind: string, name: string, minute: number, screenshot = false) => ({
  name,
  date: new Date(Date.UTC(2025, 5, 5, 10, minute)).toISOString(),
  size: 2048,
  fullpath: `${kind}/${name}`,
  screenshot,
});

const listsOf = () => ({
  devicelogs: [
    ...Array.from({ length: 6 }, (_, i) => file('devicelogs', `device-${i}.log`, 50 - i)),
    file('screenshots', 'screen.png', 30, true),
  ],
  errorlogs: [file('errorlogs', 'error-1.log', 59)],
  database: [file('database', 'app.db', 20)],
  replica: [] as ReturnType<typeof file>[],
  kiosklogs: [] as ReturnType<typeof file>[],
});
type Lists = ReturnType<typeof listsOf>;

/** The server's filters (server/helpdesk/log-view.ts), for the fake viewLog. */
const MATCH = { errors: /\b(ERROR|FATAL)\b|Exception/, live: /\blive/i } as Record<string, RegExp>;

/** deviceData's help-desk list as the server pages it (server/services/remote/helpdesk-list.ts). */
function page(lists: Lists, mid: string, datatable: { start: number; length: number }) {
  const rows = Object.entries(lists)
    .flatMap(([list, files]) => files.map((f) => ({ ...f, id: `${mid}/${f.fullpath}`, mid, list })))
    .sort((a, b) => b.date.localeCompare(a.date));
  return {
    data: rows.slice(datatable.start, datatable.start + datatable.length),
    total: rows.length,
  };
}

function services(lists: Lists = listsOf()) {
  return vi.fn((operation: string, parameter: Record<string, unknown>) => {
    switch (operation) {
      case 'effectiveOverrides':
        return {};
      case 'deviceData': {
        const filter = parameter.filter as { mid: string } | undefined;
        if (!filter) return lists;
        return page(lists, filter.mid, parameter.datatable as { start: number; length: number });
      }
      case 'deleteHelpDeskForDEVICEID':
        return { deleted: 1, MID: 'M1' };
      case 'sendCommand':
        // The device uploads its logs at once.
        lists.devicelogs.unshift(file('devicelogs', 'device-new.log', 59));
        return { results: [{ device: 'M1', state: 'executed' }] };
      case 'viewImage':
        return { stFilename: 'x', image: 'iVBORw0KGgo=', type: 'image/png' };
      case 'viewLog': {
        const filters = parameter.filter as string[];
        const text = (parameter.stText as string | null) ?? '';
        const lines = LOG.split('\n')
          .filter((line) => !filters.length || filters.some((f) => MATCH[f]?.test(line)))
          .filter((line) => !text || line.toLowerCase().includes(text.toLowerCase()));
        return {
          stFilename: parameter.stFilename,
          stText: zlib.deflateRawSync(Buffer.from(lines.join('\n'))).toString('base64'),
          compress: true,
          lines: lines.length,
          totalLines: 4,
          truncated: false,
        };
      }
      default:
        throw new Error(`unexpected ${operation}`);
    }
  });
}

const calls = (service: ReturnType<typeof services>, operation: string) =>
  service.mock.calls.filter(([name]) => name === operation).map(([, parameter]) => parameter);

async function filesList() {
  const section = await screen.findByRole('region', { name: 'Ficheros de soporte' });
  await within(section).findByText('error-1.log');
  return section;
}

describe('the help-desk tab', () => {
  it('lists the device files as the declared list: newest first, each list by its label', async () => {
    const service = services();
    renderWithServices(
      service,
      <WithSlots>
        <HelpdeskTab database={5} mid="M1" canCommand owner="Demo" />
      </WithSlots>,
    );
    const section = await filesList();
    expect(calls(service, 'deviceData')[0]).toEqual({
      database: 5,
      data: 'helpdesk',
      datatable: { start: 0, length: 100, orderBy: 'date', orderDir: 'desc' },
      filter: { mid: 'M1' },
    });
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(9);
    expect(rows[0].textContent).toContain('error-1.log');
    expect(within(rows[0]).getByText('Registros de errores')).toBeTruthy();
    expect(within(rows[1]).getByText('Registros del dispositivo')).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Lista', 'Nombre', 'Fecha', 'Tamaño (bytes)']));
  });

  it('deletes a file only after the confirmation that names it, through its key', async () => {
    const service = services();
    renderWithServices(
      service,
      <WithSlots>
        <HelpdeskTab database={5} mid="M1" canCommand owner="Demo" />
      </WithSlots>,
    );
    await filesList();
    fireEvent.click(screen.getByRole('button', { name: 'Borrar error-1.log' }));
    expect(
      await screen.findByText('¿Quiere borrar «error-1.log»? No se puede deshacer.'),
    ).toBeTruthy();
    expect(calls(service, 'deleteHelpDeskForDEVICEID')).toEqual([]);
    const confirm = screen.getByRole('dialog');
    expect(within(confirm).getByText('Borrar fichero de soporte')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: /^(Borrar|Eliminar)$/ }));
    await waitFor(() =>
      expect(calls(service, 'deleteHelpDeskForDEVICEID')).toEqual([
        { database: 5, id: 'M1/errorlogs/error-1.log' },
      ]),
    );
  });

  it('offers no delete nor logs request to who may not send commands', async () => {
    renderWithServices(
      services(),
      <WithSlots>
        <HelpdeskTab database={5} mid="M1" canCommand={false} owner="Demo" />
      </WithSlots>,
    );
    const section = await filesList();
    expect(within(section).getByRole('button', { name: 'Descargar error-1.log' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Borrar error-1.log' })).toBeNull();
    expect(within(section).queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Pedir registros' })).toBeNull();
  });

  it('says a database cannot be viewed yet, and offers an image view for a screenshot', async () => {
    renderWithServices(
      services(),
      <WithSlots>
        <HelpdeskTab database={5} mid="M1" canCommand owner="Demo" />
      </WithSlots>,
    );
    await filesList();
    fireEvent.click(screen.getByRole('button', { name: 'Ver base de datos app.db' }));
    expect(
      await screen.findByText('La visualización de bases de datos todavía no está disponible.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver imagen screen.png' }));
    expect(await screen.findByRole('img', { name: 'screenshots/screen.png' })).toBeTruthy();
  });

  it('asks the device for its logs and shows the file that arrives', async () => {
    const service = services();
    renderWithServices(
      service,
      <WithSlots>
        <HelpdeskTab database={5} mid="M1" canCommand owner="Demo" />
      </WithSlots>,
    );
    const section = await filesList();
    fireEvent.click(screen.getByRole('button', { name: 'Pedir registros' }));
    await waitFor(() =>
      expect(calls(service, 'sendCommand')[0]).toMatchObject({ cmd: 'logs', dest: ['M1'] }),
    );
    expect(await screen.findByText('Han llegado ficheros nuevos')).toBeTruthy();
    expect(await within(section).findByText('device-new.log')).toBeTruthy();
  });
});

describe('the log viewer', () => {
  it('inflates raw deflate from base64', async () => {
    const packed = zlib.deflateRawSync(Buffer.from('línea 1\nlínea 2')).toString('base64');
    expect(await inflateLog(packed)).toBe('línea 1\nlínea 2');
  });

  it('shows the whole log, then only the error lines, then the free text', async () => {
    const service = services();
    renderWithServices(
      service,
      <WithSlots>
        <HelpdeskTab database={5} mid="M1" canCommand owner="Demo" />
      </WithSlots>,
    );
    await filesList();
    fireEvent.click(screen.getByRole('button', { name: 'Ver registro error-1.log' }));
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
    expect(calls(service, 'viewLog').at(-1)).toEqual({
      database: 5,
      mid: 'M1',
      stFilename: 'errorlogs/error-1.log',
      filter: ['errors'],
      stText: 'sqlite',
      compress: true,
    });
  });
});
