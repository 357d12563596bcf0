import { GENERATION_DOWNLOAD_PATH, TEMPLATE_UPLOAD_PATH } from '../../protocol/frameworks';
import { authorizedPostOf, resultOf, type CallService } from './callService';
import { attachmentName, saveBlob } from './remoteCalls';

/** What the caller may do with a project's frameworks in one environment (frameworksContext). */
export interface FrameworkEnvironment {
  id: number;
  name: string;
  generate: boolean;
  download: boolean;
  publish: boolean;
  delete: boolean;
}

/** A certificate the company may sign with, without its secrets. */
export interface FrameworkCertificate {
  id: number;
  name: string;
  plat: number;
  type: string;
  expires_at: string | null;
}

export interface FrameworksContext {
  numero: number;
  environments: FrameworkEnvironment[];
  certificates: FrameworkCertificate[];
}

/** A framework version a company may generate from (frameworksVersions). */
export interface FrameworkVersionChoice {
  Id: number;
  Plat: number;
  Type: string;
  Tittle: string;
  Description: string;
  Private: boolean;
}

/** A generation as the generate call answers it and the list reads it. */
export interface GenerationRow {
  id: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  detail: string | null;
  appname: string | null;
  plat: number;
  environment: number;
  published: string | null;
}

/** What the Generate dialog sends (generateFrameworks, 002 §7). */
export interface GenerateRequest {
  projectid: number;
  IdEnv: number;
  Props: {
    version: number;
    certificate: number;
    appname: string;
    AppNameWeb?: string;
    icon?: string;
  };
  model?: string;
}

/** The generated app frameworks (docs/frameworks.md; server/frameworks/). */
export function frameworkCalls(callService: CallService) {
  const post = authorizedPostOf(callService);
  return {
    frameworksContext: (projectid: number, signal?: AbortSignal) =>
      callService<FrameworksContext>('frameworksContext', { projectid }, signal),
    frameworkVersionChoices: (plat: number, pid: number, idenv: number, signal?: AbortSignal) =>
      callService<FrameworkVersionChoice[]>('frameworksVersions', { plat, pid, idenv }, signal),
    generateFramework: (request: GenerateRequest) =>
      callService<GenerationRow>('generateFrameworks', request),
    generations: (projectid: number, envid: number, signal?: AbortSignal) =>
      callService<GenerationRow[]>('generatedFrameworks', { projectid, envid }, signal),
    publishGeneration: (id: number) =>
      callService<{ id: number; versionCompleta: string }>('publishGeneration', { id }),
    deleteGeneration: (id: number) => callService<{ id: number }>('deleteGeneration', { id }),
    createQR: (text: string) => callService<{ QRdata: string }>('createQR', { text }),
    /** A finished generation's build, saved as the file the server names. */
    downloadGeneration: async (id: number) => {
      if (!post) throw new Error('download needs the service client');
      const response = await post(GENERATION_DOWNLOAD_PATH, { id });
      if (!response.ok) await resultOf(response);
      const blob = await response.blob();
      saveBlob(blob, attachmentName(response.headers.get('Content-Disposition'), `app-${id}.zip`));
      return blob.size;
    },
    /** A version's template zip, as the multipart form of TEMPLATE_UPLOAD_PATH: id, then file. */
    uploadFrameworkTemplate: async (id: number, file: File) => {
      if (!post) throw new Error('upload needs the service client');
      const form = new FormData();
      form.append('id', String(id));
      form.append('file', file, file.name);
      return resultOf<{ id: number; Url: string; size: number }>(
        await post(TEMPLATE_UPLOAD_PATH, form),
      );
    },
  };
}

export type FrameworkCalls = ReturnType<typeof frameworkCalls>;
