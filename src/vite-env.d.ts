/// <reference types="vite/client" />

/** The build's version (FLOTA_BUILD_ID or the build time), defined in vite.config.ts. */
declare const __APP_VERSION__: string;
