import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [refuseSecretKeys(), react(), tailwindcss(), devBackendMeta()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    proxy: {
      '/auth/v1': apiTarget,
      '/rest/v1': apiTarget,
      '/storage/v1': apiTarget,
    },
  },
});
