import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// @ts-expect-error plain ESM helper shared with scripts/start.mjs; it has no type declarations
import { webSourceHash } from '../../scripts/lib/web-source.mjs';

const source: string = webSourceHash();
const time = Math.floor(Date.now() / 1000);

/** Writes /build.json ({source, time}) next to index.html for the client's version check. */
function buildInfo(): Plugin {
  return {
    name: 'picbook-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: JSON.stringify({ source, time }),
      });
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    react(),
    buildInfo(),
    // The service worker that keeps opened books readable offline (src/sw.ts, decision 074).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app's code and fonts; documents and media are cached at run time by the worker.
        globPatterns: ['**/*.{js,css,woff2,svg}'],
        globIgnores: ['sw.js', '**/*.map', '**/ops*'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
    }),
  ],
  define: {
    __BUILD_SOURCE__: JSON.stringify(source),
    __BUILD_TIME__: String(time),
  },
  build: {
    target: ['es2020', 'chrome80', 'safari13'],
    sourcemap: true,
    assetsInlineLimit: 2048,
    // dist/.vite/manifest.json: chunk graph for `npm run bench` (not served: dot folders are not).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/uploads': apiTarget,
      '/dev': apiTarget,
      '/build.json': apiTarget,
    },
  },
});
