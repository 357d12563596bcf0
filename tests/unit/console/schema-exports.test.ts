import { describe, expect, it, vi } from 'vitest';
import { DEVICE_LIST_SCHEMA } from '../../../protocol/device-schema';
import { field, type ResourceSchema } from '../../../protocol/resource-schema';
import {
  csvField,
  exportColumns,
  exportFileName,
  neutralizeFormula,
  pdfColumns,
  textMatrix,
  toCsv,
  toTsv,
} from '../../../src/resources/schema/exportBuilders';
import { fetchAllRows, type FetchPage } from '../../../src/resources/schema/fetchAllRows';

const words = { yes: 'Sí', no: 'No', language: 'es' as const };

const schema: ResourceSchema = {
  name: 'things',
  node: 'devices',
  key: 'ID',
  fields: [
    field('ID', 'int'),
    field('NAME', 'text'),
    field('SECRET', 'text', { export: false }),
    field('SEEN', 'datetime'),
    field('OK', 'boolean', { list: false }),
  ],
};

describe('export columns', () => {
  it('are the fields with export, in schema order, headed by their labels', () => {
    const columns = exportColumns(schema, (f) => `«${f.source}»`);
    expect(columns.map((c) => c.label)).toEqual(['«ID»', '«NAME»', '«SEEN»', '«OK»']);
  });

  it('give the PDF the columns at positions 3 to 9', () => {
    expect(pdfColumns([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(pdfColumns([1, 2, 3, 4])).toEqual([3, 4]);
    const devices = exportColumns(DEVICE_LIST_SCHEMA, (f) => f.source);
    expect(pdfColumns(devices).map((c) => c.field.source)).toEqual([
      'MID',
      'OWNER',
      'USERNAME',
      'DEVICEGROUP',
      'MODEL',
      'SINCRONISMO',
      'DEVICE_TYPE',
    ]);
  });
});

describe('text exports', () => {
  const columns = exportColumns(schema, (f) => f.source);
  const seen = new Date(2026, 10, 22, 9, 5, 7);
  const rows = [
    { ID: 1, NAME: 'García, "Pepe"', SEEN: seen.toISOString(), OK: true },
    { ID: 2, NAME: 'dos\nlíneas\tcon tab', SEEN: null, OK: false },
  ];

  it('write dates in local YYYY-MM-DD HH:mm:ss, booleans in words and empty cells as nothing', () => {
    expect(textMatrix(columns, rows, words, false)).toEqual([
      ['1', 'García, "Pepe"', '2026-11-22 09:05:07', 'Sí'],
      ['2', 'dos\nlíneas\tcon tab', '', 'No'],
    ]);
  });

  it('write coded values by their labels in the export language', () => {
    const platform = DEVICE_LIST_SCHEMA.fields.find((f) => f.source === 'DEVICE_TYPE')!;
    const column = [{ field: platform, label: 'Plataforma' }];
    const row = [{ DEVICE_TYPE: 'WINDOWS32' }];
    expect(textMatrix(column, row, words, false)).toEqual([['Windows (32 bits)']]);
    expect(textMatrix(column, row, { ...words, language: 'en' }, false)).toEqual([
      ['Windows (32-bit)'],
    ]);
  });

  it('copy tab-separated text with tabs and line breaks inside cells flattened', () => {
    const cells = textMatrix(columns, rows, words, true);
    expect(toTsv(['ID', 'NAME', 'SEEN', 'OK'], cells)).toBe(
      'ID\tNAME\tSEEN\tOK\n1\tGarcía, "Pepe"\t2026-11-22 09:05:07\tSí\n2\tdos líneas con tab\t\tNo',
    );
  });

  it('quote CSV fields as RFC 4180 says, with CRLF line ends and a UTF-8 byte order mark', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    const cells = textMatrix(columns, rows, words, true);
    expect(toCsv(['ID', 'NAME', 'SEEN', 'OK'], cells)).toBe(
      '\uFEFFID,NAME,SEEN,OK\r\n' +
        '1,"García, ""Pepe""",2026-11-22 09:05:07,Sí\r\n' +
        '2,"dos\nlíneas\tcon tab",,No\r\n',
    );
  });

  it('keep spreadsheets from running a text as a formula, but leave numbers alone', () => {
    expect(neutralizeFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(neutralizeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralizeFormula('+34 600 000 000')).toBe("'+34 600 000 000");
    expect(neutralizeFormula('-12')).toBe('-12');
    expect(neutralizeFormula('Ana')).toBe('Ana');
    const cells = textMatrix(columns, [{ ID: -1, NAME: '=1+1' }], words, true);
    expect(cells[0].slice(0, 2)).toEqual(['-1', "'=1+1"]);
    // The PDF shows the text as it is.
    expect(textMatrix(columns, [{ NAME: '=1+1' }], words, false)[0][1]).toBe('=1+1');
  });

  it('name files <resource>-<project>-<yyyymmdd-hhmm>.<ext>', () => {
    const when = new Date(2026, 0, 5, 7, 3);
    expect(exportFileName('devicelist', 'Demo', when, 'csv')).toBe(
      'devicelist-Demo-20260105-0703.csv',
    );
    expect(exportFileName('devicelist', 'Flota de Peñíscola / Sur', when, 'pdf')).toBe(
      'devicelist-Flota_de_Peniscola_Sur-20260105-0703.pdf',
    );
  });
});

describe('fetching the whole filtered set', () => {
  const pages = (total: number): FetchPage =>
    vi.fn(async (page: number, perPage: number) => {
      const start = (page - 1) * perPage;
      const count = Math.max(0, Math.min(perPage, total - start));
      return { data: Array.from({ length: count }, (_, i) => ({ ID: start + i + 1 })), total };
    });

  it('walks the pages until every row is fetched, reporting progress', async () => {
    const fetchPage = pages(12);
    const progress: [number, number][] = [];
    const result = await fetchAllRows(fetchPage, {
      signal: new AbortController().signal,
      pageSize: 5,
      key: 'ID',
      onProgress: (done, target) => progress.push([done, target]),
    });
    expect(result.rows.map((row) => row.ID)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(result).toMatchObject({ total: 12, capped: false });
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(progress).toEqual([
      [5, 12],
      [10, 12],
      [12, 12],
    ]);
  });

  it('stops at the cap and says it was cut short', async () => {
    const fetchPage = pages(1_000);
    const result = await fetchAllRows(fetchPage, {
      signal: new AbortController().signal,
      pageSize: 100,
      cap: 250,
    });
    expect(result.rows).toHaveLength(250);
    expect(result).toMatchObject({ total: 1_000, capped: true });
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('keeps once a row that moved to the next page while walking', async () => {
    const fetchPage: FetchPage = async (page) =>
      page === 1
        ? { data: [{ ID: 1 }, { ID: 2 }], total: 4 }
        : { data: [{ ID: 2 }, { ID: 3 }], total: 4 };
    const result = await fetchAllRows(fetchPage, {
      signal: new AbortController().signal,
      pageSize: 2,
      key: 'ID',
    });
    expect(result.rows.map((row) => row.ID)).toEqual([1, 2, 3]);
  });

  it('stops when cancelled', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(fetchAllRows(pages(10), { signal: abort.signal, pageSize: 5 })).rejects.toThrow();
  });
});
