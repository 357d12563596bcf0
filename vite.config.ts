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
    // Vite gzips every chunk again only to print sizes; the precompress plugin has the real ones.
    reportCompressedSize: false,
    // A lazily loaded screen's chunks are fetched as its imports are read, not named ahead in
    // the main chunk: Vite's preload map named every screen's chunks there (1.4 KB brotli of
    // home's 200 KB budget, growing with each screen). The page's own preloads stay.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
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
            // The MUI components the layout and home draw, which every screen uses too, in one
            // chunk: left to the bundler, each mix of screens sharing some got a chunk of its
            // own, and home loaded some 25 files of 0.3 to 4 KB that compress better together
            // (docs/decisions.md, "Home's first load under 200 KB").
            {
              name: 'mui-common',
              test: /node_modules[\\/](react-transition-group|@mui[\\/]material[\\/]esm[\\/](Alert|AlertTitle|Box|Button|ButtonBase|Card|CardContent|CardHeader|Chip|CircularProgress|Divider|Grid|IconButton|LinearProgress|Link|List|ListItem|ListItemButton|ListItemIcon|ListItemText|MenuItem|MenuList|Paper|Skeleton|Stack|SvgIcon|Toolbar|Typography|internal|styles[\\/]useThemeProps|transitions|useLazyRipple)[\\/])/,
            },
            // The same for the console's own modules the first screen shares with later ones (the
            // data provider, the environments' routing, a few protocol tables), not those the boot
            // script imports too: they stay beside it.
            {
              name: 'app-common',
              test: /[\\/](src[\\/]dataProvider[\\/](callService|dataProvider|deviceCalls)|src[\\/]environments[\\/](currentEnvironment|externalSessions|routing|targets)|protocol[\\/](devices|envelope|filters|licences|paging|projects))\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The same for react-admin's core hooks the layout and home call, and TanStack Query.
            {
              name: 'ra-common',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|ra-core[\\/]dist[\\/](auth[\\/](AuthContext|useAuthProvider|useAuthState|useCanAccess|useLogout|useLogoutIfAccessDenied)|core[\\/](ResourceContext|useResourceContext)|dataProvider[\\/](DataProviderContext|HttpError|defaultDataProvider|populateQueryCache|useDataProvider|useRefresh)|i18n[\\/](I18nContext|substituteTokens|useI18nProvider|useLocale|useLocaleState|useTranslate)|notification[\\/](AddNotificationContext|useAddNotificationContext|useNotify)|store[\\/](StoreContext|memoryStore|useResetStore|useStore|useStoreContext)|util[\\/]useEvent)\.js)/,
            },
          ],
        },
      },
    },
  },
});
