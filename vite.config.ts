import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/precompress.ts';

/** The build's version: the CI build id, or the build time. */
const version = process.env.FLOTA_BUILD_ID || String(Date.now());
/** Where the dev server's proxy sends /api, /oidc and /healthz (FLOTA_BACKEND to point elsewhere). */
const backend = process.env.FLOTA_BACKEND ?? 'http://127.0.0.1:8080';
const root = import.meta.dirname;

/** Emits dist/version.json so that the server can answer GET /api/version with the console's version. */
function versionFile(buildVersion: string): Plugin {
  return {
    name: 'flota-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: buildVersion })}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile(version), precompressPlugin()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    // Every browser the console supports has Object.entries (src/i18n/objectEntries.cjs).
    alias: { 'object.entries': resolve(root, 'src/i18n/objectEntries.cjs') },
  },
  server: {
    proxy: { '/api': backend, '/oidc': backend, '/healthz': backend },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Monaco (3.9 MB, the SQL and report editors only) is one lazy chunk that cannot be split
    // further; the limit sits above it so the warning is left for a chunk that grows by mistake.
    // What the first screen loads is held by `npm run bench -- console` and tests/e2e/boot.spec.ts.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      input: {
        main: resolve(root, 'index.html'),
        silentRenew: resolve(root, 'silent-renew.html'),
        environmentCallback: resolve(root, 'environment-callback.html'),
      },
      // A zod schema made at a module's top level is only data: when nothing reads it, it and
      // zod stay out of the chunk (the home screen's path does not validate anything).
      treeshake: { manualPureFunctions: ['z'] },
      // Libraries in chunks of their own: they change less often than the console, so browsers keep them.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            // MUI's small helpers (ownerDocument, isMuiElement, …) in one chunk: left to the
            // bundler, each lands beside one of its users (the text field, the menu), and every
            // screen that needs the helper loads that component too (issue 17, speed).
            {
              name: 'mui-utils',
              test: /node_modules[\\/]@mui[\\/](utils|material[\\/]esm[\\/]utils)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
