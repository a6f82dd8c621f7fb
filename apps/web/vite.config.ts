import react from '@vitejs/plugin-react';
// the route table's plain paths (its schemas are not for the build's config)
import { routes } from '../../packages/contract/src/api/routes';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OFFLINE_CACHE } from './src/lib/offline';

/** The API (and its websocket hub) runs on port 3000 in development; the built app is served by it. */
const api = 'http://localhost:3000';

/** A feature's public entry (src/features/<f>/index.ts): re-exports only, no side effects. */
const featureEntry = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * The answers the read route needs to open without a network (the session, the properties, the
 * route), kept by the service worker from their last answer: the network first, the copy when
 * there is none. Signing out deletes the copy.
 */
const readOffline = [routes.auth.me, routes.sites.visible, routes.meters.readRoute].map((r) => r.path).join('|');

export default defineConfig({
  plugins: [
    react(),
    // installable, the app's files precached by Workbox, so that a phone on the docks reloads it offline
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Metering Portal',
        short_name: 'Meters',
        description: 'Metered electricity and water at RV parks and marinas',
        start_url: '/',
        display: 'standalone',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [
          {
            urlPattern: new RegExp(`^https?://[^/]+(${readOffline})(\\?|$)`, 'i'),
            handler: 'NetworkFirst',
            method: 'GET',
            options: { cacheName: OFFLINE_CACHE, networkTimeoutSeconds: 5 },
          },
        ],
      },
    }),
  ],
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
