import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const LANDING_PAGE = fromRoot('./client/landing.html');

/**
 * landing.html, the visitor's `/`: index.html with the landing's own small script
 * (landing-main.tsx) in place of the app's, so Vite writes its script, preloads and
 * stylesheet; scripts/build.mjs then prerenders the landing into it (decision 0030).
 */
function landingPage(): Plugin {
  return {
    name: 'landing-page',
    resolveId: (id) => (id === LANDING_PAGE ? id : null),
    load: (id) =>
      id === LANDING_PAGE
        ? readFileSync(fromRoot('./client/index.html'), 'utf8').replace(
            '/src/main.tsx',
            '/src/landing-main.tsx',
          )
        : null,
  };
}

// The client is built into dist/client and served by the Fastify app in production.
// In development (`npm run dev`) Vite serves it and forwards /api to the server.
export default defineConfig({
  root: 'client',
  plugins: [
    landingPage(),
    react(),
    tailwindcss(),
    // The installable app (decision 0054): manifest, and a service worker that precaches
    // the app shell so the app opens instantly and offline, never caching API answers.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: "Pick'em",
        short_name: "Pick'em",
        description: "Group sports pick'em. Make your picks. We'll keep score.",
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        // The header is scoreboard navy in every theme; the page behind the splash is light.
        theme_color: '#0b1f3a',
        background_color: '#f4f6f9',
        categories: ['sports', 'games'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // early-data.js is inlined into group.html by scripts/build.mjs, never fetched;
        // landing.html is only ever sent for `/` by the server.
        globIgnores: ['og-image.png', 'early-data.js', 'landing.html'],
        // Every page is the app shell; the API and the unfurl image are never answered from here.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // No runtime caching at all: API answers always come from the network.
        runtimeCaching: [],
        // Push and notification clicks (public/push-handlers.js).
        importScripts: ['/push-handlers.js'],
      },
    }),
  ],
  resolve: {
    alias: {
      '@shared': fromRoot('./shared'),
      '@client': fromRoot('./client/src'),
    },
  },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    // The chunk graph, read by scripts/build.mjs (the first paint's budget, the route
    // preloads) and then deleted from dist/client.
    manifest: true,
    rolldownOptions: {
      input: { index: fromRoot('./client/index.html'), landing: LANDING_PAGE },
      output: {
        // Only what every screen runs is forced into shared chunks (cached across deploys);
        // every other library lands with the route or dialog that imports it, so the first
        // paint of '/' does not download the forms, menus and calendars of other screens.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router)[\\/]/ },
            // Only the QR code dialog loads it.
            { name: 'qrcode', test: /node_modules[\\/](qrcode|dijkstrajs|pngjs)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
