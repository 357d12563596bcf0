import { useCallback, useRef, useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import type { ResourceSchema } from '../../../protocol/resource-schema';
import { exportColumns } from './exportBuilders';
import { EXPORT_ROW_CAP, fetchAllRows, type FetchPage } from './fetchAllRows';
import { formatDateTime } from '../../i18n/formats';
import { useFieldLabel } from './fieldLabel';
import { writeExport, type ExportFormat } from './runExport';

export interface ExportProgress {
  format: ExportFormat;
  done: number;
  target: number | null;
}

/**
 * Runs an export of a schema list: fetches the whole filtered set through `fetchPage`, writes it
 * in the chosen format and tells the person how it went. `progress` is set while it runs.
 */
export function useExport(schema: ResourceSchema, fetchPage: FetchPage, project: string) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const label = useFieldLabel(schema.name);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const run = useCallback(
    async (format: ExportFormat) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setProgress({ format, done: 0, target: null });
      try {
        const { rows, total, capped } = await fetchAllRows(fetchPage, {
          signal: abort.signal,
          cap: EXPORT_ROW_CAP,
          key: schema.key,
          onProgress: (done, target) => setProgress({ format, done, target }),
        });
        if (rows.length === 0) {
          notify('schema.export.empty', { type: 'info' });
          return;
        }
        const now = new Date();
        const resourceName = translate(`resources.${schema.name}.name`, { smart_count: 2 });
        await writeExport(format, {
          resource: schema.name,
          project,
          title: translate('schema.export.pdf_title', {
            resource: resourceName,
            project,
            date: formatDateTime(now, locale),
          }),
          sheet: resourceName,
          columns: exportColumns(schema, label),
          rows,
          words: {
            yes: translate('ra.boolean.true'),
            no: translate('ra.boolean.false'),
            language: locale === 'en' ? 'en' : 'es',
          },
          now,
        });
        if (capped) {
          notify('schema.export.capped', {
            type: 'warning',
            messageArgs: {
              max: EXPORT_ROW_CAP.toLocaleString(locale),
              total: total.toLocaleString(locale),
            },
            autoHideDuration: 10_000,
          });
        } else {
          notify(format === 'clipboard' ? 'schema.export.copied' : 'schema.export.done', {
            type: 'success',
            messageArgs: { smart_count: rows.length },
          });
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        notify('schema.export.failed', {
          type: 'error',
          messageArgs: { error: error instanceof Error ? error.message : String(error) },
        });
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setProgress(null);
        }
      }
    },
    [fetchPage, schema, project, label, translate, locale, notify],
  );

  return { run, cancel, progress };
}
