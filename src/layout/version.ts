/** The build's version, injected by Vite; 'dev' where nothing defined it (tests). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

export const VERSION_URL = '/api/version';
