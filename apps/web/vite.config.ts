import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API (and its websocket hub) runs on port 3000 in development; the built app is served by it. */
const api = 'http://localhost:3000';

/** A feature's public entry (src/features/<f>/index.ts): re-exports only, no side effects. */
const featureEntry = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // maps beside the bundles, named by no comment in them: the server serves them only when asked (SOURCE_MAPS)
    sourcemap: 'hidden',
    rolldownOptions: {
      // The contract only declares constants and schemas, and a feature's index.ts only re-exports
      // (its public entry): whatever a chunk does not use of them can go.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/') && !featureEntry.test(id),
      },
    },
  },
});
