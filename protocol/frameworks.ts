/**
 * Generated app frameworks (002 §2 "Security, frameworks and certificates", §3, §6, §7): the
 * platforms, the states of a generation and the routes the console calls (docs/frameworks.md).
 */
export const FRAMEWORK_PLATFORMS = [
  { code: 1, label: { es: 'Android', en: 'Android' } },
  { code: 2, label: { es: 'iOS', en: 'iOS' } },
];

export const PLAT_ANDROID = 1;
export const PLAT_IOS = 2;

/** The update platform code (protocol/updates.ts UPDATE_PLATFORMS) of each framework platform. */
export const UPDATE_PLATFORM_OF: Readonly<Record<number, number>> = { 1: 8, 2: 4 };

export type GenerationState = 'queued' | 'running' | 'done' | 'failed';

export const GENERATION_STATES = [
  { code: 'queued', label: { es: 'En cola', en: 'Queued' } },
  { code: 'running', label: { es: 'Generando', en: 'Generating' } },
  { code: 'done', label: { es: 'Generado', en: 'Generated' } },
  { code: 'failed', label: { es: 'Fallido', en: 'Failed' } },
];

/**
 * Minutes without progress after which a queued or running generation is marked failed: its job
 * died with the node that ran it (a job moves every few seconds).
 */
export const GENERATION_STALE_MINUTES = 10;

/** The largest template archive a version takes, in bytes. */
export const TEMPLATE_MAX_BYTES = 64 * 1024 * 1024;

/** Multipart upload of a version's template: the field `id`, then the `file` (a zip). */
export const TEMPLATE_UPLOAD_PATH = '/api/frameworks/template';

/** POST download of a generation's build ({id, type}), with the bearer token. */
export const GENERATION_DOWNLOAD_PATH = '/api/frameworks/download';

/** The configuration file written inside every build. */
export const BUILD_CONFIG_FILE = 'assets/flota/config.json';
/** The models of the project written inside every build. */
export const BUILD_MODELS_FILE = 'assets/flota/models.json';
