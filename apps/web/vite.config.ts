// Vite build for the web app; in development /api and the live feed are proxied to the server.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const serverUrl = process.env.BPM_DEV_SERVER ?? 'http://localhost:8080';
/** Vite's own hot-reload sockets share the root path; they must not reach the BPM server. */
const viteSocketProtocols = new Set(['vite-hmr', 'vite-ping']);

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      // Mantine's hooks with useId replaced (src/lib/mantine/hooks.ts), for Mantine's components as well as the app's.
      '@mantine/hooks-upstream': fileURLToPath(new URL('../../node_modules/@mantine/hooks/esm/index.mjs', import.meta.url)),
      '@mantine/hooks': fileURLToPath(new URL('src/lib/mantine/hooks.ts', import.meta.url)),
      // The compact decoder's own subpath (packages/protocol/package.json exports it); listed first, since
      // '@bpm/protocol' also matches its subpaths.
      '@bpm/protocol/live-compact': fileURLToPath(new URL('../../packages/protocol/src/live-compact.ts', import.meta.url)),
      '@bpm/protocol': fileURLToPath(new URL('../../packages/protocol/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      // Host is kept (changeOrigin false), so the server's Origin check sees the page's own origin.
      '/api': { target: serverUrl, changeOrigin: false },
      // The live feed is a WebSocket upgrade at the root path (docs/live-feed.md (Connecting)); plain GET / stays with Vite.
      '^/$': {
        target: serverUrl,
        ws: true,
        changeOrigin: false,
        bypass: (req, res) => {
          const protocol = req.headers['sec-websocket-protocol'];
          const isViteSocket = typeof protocol === 'string' && viteSocketProtocols.has(protocol);
          return res || isViteSocket || req.headers.upgrade?.toLowerCase() !== 'websocket' ? req.url : undefined;
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        // V8's compile hint, added after minification (which drops comments). Every chunk but the entry is loaded
        // because its code is about to run (the signed-in screens at the click on Login, a screen's own chunk when
        // it is opened): Chromium (136+) then compiles all its functions while the file streams in, off the main
        // thread, instead of each at its first call on it; 40-47 ms of the sign-in's main thread
        // (docs/decisions/dashboard.md#compile-hint). Other browsers ignore the comment.
        postBanner: (chunk) => (chunk.isEntry ? '' : '//# allFunctionsCalledOnLoad'),
      },
    },
  },
});
