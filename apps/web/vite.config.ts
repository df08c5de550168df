import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const SERVER = 'http://127.0.0.1:3000';
const PAGES = ['index', 'gm', 'play', 'overlay'] as const;
const page = (name: string) => fileURLToPath(new URL(`./${name}.html`, import.meta.url));

/** In dev, serve `/gm`, `/play` and `/overlay` like the server does in production. */
function cleanUrls(): Plugin {
  return {
    name: 'roundkeeper-clean-urls',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split(/[?#]/)[0];
        if (path && PAGES.some((p) => p !== 'index' && path === `/${p}`)) req.url = req.url!.replace(path, `${path}.html`);
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [svelte(), cleanUrls()],
  server: {
    proxy: {
      '/api': SERVER,
      '/socket.io': { target: SERVER, ws: true },
    },
  },
  build: {
    rolldownOptions: {
      input: Object.fromEntries(PAGES.map((p) => [p, page(p)])),
    },
  },
});
