import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, once, at maximum compression; the server
 * serves them as they are (@fastify/static `preCompressed`) instead of compressing each response again.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'reverie-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Writes dist/.vite/chunks.json: every JS chunk with its static/dynamic imports and the rendered size of each
 * module in it. scripts/js-budget.mjs reads it to sum what the first load of `/` downloads and to name the
 * heaviest modules.
 */
function chunkStats(): Plugin {
  return {
    name: 'reverie-chunk-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((c) => c.type === 'chunk')
        .map((c) => ({
          fileName: c.fileName,
          isEntry: c.isEntry,
          imports: c.imports,
          dynamicImports: c.dynamicImports,
          modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength])),
        }));
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks) });
    },
  };
}

/**
 * The installed app: the web app manifest and the service worker (src/sw/sw.ts, built with the precache list of this
 * build injected). The page registers it itself (src/lib/pwa.ts), after load, and asks before a new build takes over.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Reverie — AI character chat',
      short_name: 'Reverie',
      description: 'Chat with AI characters and bring them to life with generated images. Adults only (18+).',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0b0a10',
      background_color: '#0b0a10',
      categories: ['entertainment', 'social'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Chats', short_name: 'Chats', url: '/chat', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        {
          name: 'Create Character',
          short_name: 'Create',
          url: '/create-character',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
        },
      ],
    },
    injectManifest: {
      // The shell, every route chunk and the styles; pictures are cached as they are seen (sw.ts), not up front.
      globPatterns: ['**/*.{js,css,html,svg,woff2}', 'icons/*.png'],
      globIgnores: ['**/.vite/**'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}

// React Router 7's package.json points every condition at dist/development (remix-run/react-router#12532: "intended
// to be temporary"); dist/production is the same code with its development warnings switched off, which minifies
// smaller. A build takes it; `vite` (dev) keeps the warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), chunkStats(), installableApp(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports (evergreen Chromium, Firefox and Safari) knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The shared contract only declares constants and zod schemas: a schema nobody imports can go, which keeps
      // zod out of the first load of `/` (it only needs constants). Without this every schema's z.object()
      // call counts as a side effect and the whole contract plus zod ships to every page.
      // `z.…()` builds a value and does nothing else, so an unused schema beside a used constant goes too.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id), manualPureFunctions: ['z'] },
      output: {
        // Long-lived vendor chunks so app deploys do not invalidate the framework code in browser caches.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // ws: calls are a WebSocket under /api (docs/voice.md "Calls").
      '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173 },
}));
