import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, minifySync, type Plugin } from 'vite';
import { secretBuildVariables } from './src/config/api-keys.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? '3000'}`;

/**
 * In development the own server is a separate process: read the public
 * backend settings it wrote at start and inject them like it does in production.
 */
function devBackendMeta(): Plugin {
  return {
    name: 'dev-backend-meta',
    apply: 'serve',
    transformIndexHtml(html) {
      const file = path.resolve(process.env.DATA_DIR ?? '.data', 'public-config.json');
      try {
        const { anonKey } = JSON.parse(readFileSync(file, 'utf8')) as { anonKey: string };
        return html.replace('</head>', `<meta name="supabase-anon-key" content="${anonKey}" />\n</head>`);
      } catch {
        return html;
      }
    },
  };
}

/**
 * Vite copies public/ as it is: hydrate.js, loaded by every prerendered page, and analytics.js, the snippet every
 * measured site loads, are readable commented sources. Minify the copies in the build output (hydrate.js 846 -> 461 B
 * gzip).
 */
function minifyPublicScripts(names: readonly string[]): Plugin {
  return {
    name: 'minify-public-scripts',
    apply: 'build',
    writeBundle(options) {
      for (const name of names) {
        const file = path.join(options.dir ?? 'dist/client', name);
        if (!existsSync(file)) continue;
        const { code, errors } = minifySync(name, readFileSync(file, 'utf8'));
        if (errors.length > 0) throw new Error(`${name}: ${errors.map((error) => error.message).join('; ')}`);
        writeFileSync(file, code);
      }
    },
  };
}

/** Vite puts every VITE_* variable into the browser bundle: a secret (service-role) key there is refused outright. */
function refuseSecretKeys(): Plugin {
  return {
    name: 'refuse-secret-keys',
    config(_config, { mode }) {
      const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
      const names = secretBuildVariables(env);
      if (names.length > 0) {
        throw new Error(
          `${names.join(', ')} holds a secret (service-role) key, which Vite would bake into the browser bundle. ` +
            'Build with the publishable (anon) key; the secret key is only for `npm run hosted:setup`, as SUPABASE_SERVICE_ROLE_KEY.',
        );
      }
    },
  };
}

/**
 * React Router 7 exports only its development build (remix-run/react-router#12532, #14102): in a production build
 * that ships dev-only warnings and checks. Its production build sits beside it in the package; builds use it.
 */
const reactRouterProduction = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

/**
 * supabase-js builds a Realtime client (~18 KB brotli) into every client, and this app opens no Realtime channel.
 * The browser bundle gets a stand-in that accepts what supabase-js itself calls and throws a clear error on any use
 * (src/lib/realtime-left-out.ts, decision 0017). In dev too, so a use of Realtime fails where it is written.
 */
const realtimeLeftOut = path.resolve(import.meta.dirname, 'src/lib/realtime-left-out.ts');

/**
 * supabase-js also builds a Storage client (~6 KB brotli with what it brings) into every client, and most pages
 * never call Storage: the bundle gets a stand-in that loads the real package on the first call
 * (src/lib/storage-on-demand.ts, which imports it by its file; decision 0017).
 */
const storageOnDemand = path.resolve(import.meta.dirname, 'src/lib/storage-on-demand.ts');

export default defineConfig(({ command }) => ({
  plugins: [refuseSecretKeys(), react(), tailwindcss(), devBackendMeta(), minifyPublicScripts(['hydrate.js', 'analytics.js'])],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@supabase/realtime-js': realtimeLeftOut,
      '@supabase/storage-js': storageOnDemand,
      ...(command === 'build' ? { 'react-router': reactRouterProduction } : {}),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // The polyfill fetches <link rel="modulepreload"> early in browsers without support (Safari < 17, Firefox < 115).
    // The entry is one chunk now and the preload helper of lazy routes checks support itself: those browsers only
    // fetch a prerendered route's own chunks (hydrate.js preloads them) when the entry imports them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Rolldown splits the modules the entry shares with lazy routes (React, React Router, the JSX runtime, its
        // own runtime) into chunks of their own, although every page loads them all at once: one chunk for all the
        // entry's static imports gzips 2.4 KB smaller (shared dictionary, fewer files). Lazy routes stay split.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // What every page of the signed-in area loads (the Supabase client, TanStack Query, tailwind-merge): one
            // chunk instead of a dozen small ones that compress worse and each cost a request (issue 33). The
            // prerendered public pages load none of it (e2e/marketing-site.spec.ts). Storage's client and sonner load
            // on their first use, in chunks of their own (src/lib/storage-on-demand.ts, src/lib/toast.ts).
            { name: 'platform', test: /node_modules[\\/](@supabase[\\/](?!storage-js[\\/])|@tanstack|tailwind-merge|tslib)/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/auth/v1': apiTarget,
      '/rest/v1': apiTarget,
      '/storage/v1': apiTarget,
    },
  },
}));
