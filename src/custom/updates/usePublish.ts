import { useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PublishPayload, UploadPublishResult } from '../../../protocol/updates';
import type { FlotaDataProvider } from '../../dataProvider';
import { wireEntries, type DraftFile } from './updateDraft';

export interface FileProgress {
  numero: number;
  name: string;
  sent: number;
  total: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
}

export type PublishStep = 'idle' | 'structure' | 'files' | 'confirm' | 'failed';

export interface PublishState {
  step: PublishStep;
  files: FileProgress[];
  error?: string;
}

/**
 * The three-step publish (000 §4 "Publish flow"): uploadPublish stages the structure and answers
 * its folder id; each queued file is uploaded with that id as alias, its path as folder; then
 * uploadConfirm publishes. A failed step stops there and `retry` goes on with the same staged
 * update, sending only the files not uploaded yet; nothing reaches a device before the confirm.
 */
export function usePublish(database: number, onPublished: (result: Published) => void) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const translate = useTranslate();
  // A refusal carries the server's description; a lost connection is said in the console's words.
  const message = (error: unknown) =>
    error instanceof TypeError
      ? translate('updates.progress.network')
      : error instanceof Error
        ? error.message
        : String(error);
  const [state, setState] = useState<PublishState>({ step: 'idle', files: [] });
  const staged = useRef<UploadPublishResult | null>(null);
  // The files the server has; a retry sends the others only.
  const done = useRef(new Set<number>());
  const job = useRef<{ list: DraftFile[]; payload: Omit<PublishPayload, 'TempDirectory'> } | null>(
    null,
  );

  const setFile = (numero: number, change: Partial<FileProgress>) =>
    setState((s) => ({
      ...s,
      files: s.files.map((f) => (f.numero === numero ? { ...f, ...change } : f)),
    }));

  async function run() {
    const { list, payload } = job.current!;
    try {
      if (!staged.current) {
        setState({ step: 'structure', files: [] });
        staged.current = await dataProvider.uploadPublish(database, wireEntries(list));
        const files = staged.current.uploads.map(({ numero, name, index }) => ({
          numero,
          name,
          sent: 0,
          total: list[index]?.file?.size ?? 0,
          status: 'waiting' as const,
        }));
        setState({ step: 'files', files });
      }
      const { TempDirectory, uploads } = staged.current;
      setState((s) => ({ ...s, step: 'files', error: undefined }));
      for (const upload of uploads) {
        if (done.current.has(upload.numero)) continue;
        const entry = list[upload.index];
        if (!entry?.file) throw new Error(upload.name);
        setFile(upload.numero, { status: 'uploading', sent: 0 });
        try {
          await dataProvider.uploadUpdateFile(
            database,
            { alias: TempDirectory, folder: entry.path, numero: upload.numero },
            entry.file,
            (sent, total) => setFile(upload.numero, { sent, total }),
          );
        } catch (error) {
          setFile(upload.numero, { status: 'failed' });
          throw error;
        }
        done.current.add(upload.numero);
        setFile(upload.numero, { status: 'done', sent: entry.file.size });
      }
      setState((s) => ({ ...s, step: 'confirm' }));
      const result = await dataProvider.uploadConfirm(database, { ...payload, TempDirectory });
      reset();
      onPublished(result);
    } catch (error) {
      setState((s) => ({ ...s, step: 'failed', error: message(error) }));
    }
  }

  function reset() {
    staged.current = null;
    job.current = null;
    done.current = new Set();
    setState({ step: 'idle', files: [] });
  }

  return {
    state,
    /** Whether an update is staged on the server, waiting for its files or its confirm. */
    staged: () => staged.current !== null,
    publish(list: DraftFile[], payload: Omit<PublishPayload, 'TempDirectory'>) {
      job.current = { list, payload };
      void run();
    },
    retry: () => void run(),
    reset,
  };
}

export interface Published {
  version: number;
  versionCompleta: string;
  devices?: number;
}
