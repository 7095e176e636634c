import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = 'http://127.0.0.1:3000';

// zod and its browser settings (contracts common/text.ts: Spanish messages, and `jitless`, without which
// building a z.object probes eval, which the CSP forbids and reports) share one chunk, so whatever loads
// zod has the settings applied before any of its modules builds a schema.
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const ZOD_SETTINGS = /[\\/]packages[\\/]contracts[\\/]src[\\/]common[\\/]text\.ts$/;

/** Fails the build when the chunk that holds zod does not also run its browser settings. */
function zodSettingsWithZod(): Plugin {
  return {
    name: 'receptoria-zod-settings-with-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const ids = Object.keys(chunk.modules);
        if (ids.some((id) => ZOD.test(id)) && !ids.some((id) => ZOD_SETTINGS.test(id))) {
          this.error(`${chunk.fileName} holds zod without its browser settings (packages/contracts/src/common/text.ts)`);
        }
      }
    },
  };
}

/**
 * Writes .br and .gz beside every text asset of the build, so the API serves them without
 * compressing on each request (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'receptoria-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const content = await readFile(full);
            if (content.length < 1024) return;
            await writeFile(`${full}.gz`, await promisify(gzip)(content, { level: 9 }));
            await writeFile(
              `${full}.br`,
              await promisify(brotliCompress)(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }),
      );
    },
  };
}

/**
 * Moves the stylesheet Vite writes into <head> to the body, between the shell index.html paints by itself
 * and #root. In <head> it held back every paint until it had arrived (39 KB gzip: over a second on a slow
 * mobile link); in the body only what follows it waits. It stays before #root, so the theme's variables
 * Mantine renders inside #root still come after its defaults and win. The modules wait for it before
 * they run (a script waits for the style sheets before it), so the application never appears unstyled.
 */
function stylesheetAfterShell(): Plugin {
  return {
    name: 'receptoria-stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (links.length === 0) return html;
        let out = html;
        for (const link of links) out = out.replace(link, '');
        const root = out.indexOf('<div id="root">');
        if (root < 0) throw new Error('index.html: no <div id="root"> to put the stylesheet before');
        return `${out.slice(0, root)}${links.map((link) => `${link.trim()}\n    `).join('')}${out.slice(root)}`;
      },
    },
  };
}

/**
 * Field mode (issue 23): the installable app the receiver carries, opening at /terreno. The service
 * worker precaches the app shell and answers every page address with it while offline; it never
 * caches the API (the field queue keeps what is typed in IndexedDB instead). Registered only by the
 * /terreno screen (features/terreno/pwa/register-service-worker.ts), so the office screens carry none of it.
 */
const fieldModePwa = VitePWA({
  injectRegister: false,
  registerType: 'autoUpdate',
  manifest: {
    id: '/terreno',
    name: 'Receptoría — Terreno',
    short_name: 'Terreno',
    description: 'Visitas del día en terreno: resultado, informante, ubicación y fotos, también sin señal',
    lang: 'es-CL',
    start_url: '/terreno',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0c4c9d',
    background_color: '#ffffff',
    icons: [
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    navigateFallback: '/index.html',
    // Server answers, never the app's page: the API, the stamp service, health, signed photo links.
    navigateFallbackDenylist: [/^\/api\//, /^\/estampados\//, /^\/health/],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    // A new worker takes over the open pages at once (the shell it serves is the build it came with).
    clientsClaim: true,
    skipWaiting: true,
  },
});

export default defineConfig({
  plugins: [react(), stylesheetAfterShell(), precompress(), zodSettingsWithZod(), fieldModePwa],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/health': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps unless asked for (VITE_SOURCEMAP=1); the server never serves .map files.
    sourcemap: process.env.VITE_SOURCEMAP === '1',
    // Current browsers preload modules natively (<link rel="modulepreload">: Chrome 66, Firefox 115,
    // Safari 17); without the polyfill, older ones still load every screen, only without that preload,
    // and no browser downloads code it skips on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React changes least often: its own long-cached chunk. Everything else (Mantine included)
          // is split by route, so a screen loads only the components it uses.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            { name: 'zod', test: (id) => ZOD.test(id) || ZOD_SETTINGS.test(id), priority: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
