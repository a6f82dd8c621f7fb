import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API (and its websocket hub) runs on port 3000 in development; the built app is served by it. */
const api = 'http://localhost:3000';

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
    sourcemap: true,
    rolldownOptions: {
      // The contract only declares constants and schemas: whatever a chunk does not use can go.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/') },
    },
  },
});
