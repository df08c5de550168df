import { defineConfig } from 'tsup';

// ESM bundles for production: the server (main), the operations CLI (cli: backup, restore), the PGlite and creature-file worker threads
// and the build's PGlite template maker. The workspace packages ship TypeScript sources, so they are bundled;
// everything from node_modules stays external and is resolved at run time. The code they share, and what
// main.ts imports late (app.js: the whole server), go to chunks beside them in dist/.
export default defineConfig({
  // pglite-worker: the worker thread that runs PGlite (src/db/pglite-in-worker.ts starts it from beside main.js);
  // make-pglite-template: run by the build script once bundled (src/db/pglite-template.ts).
  entry: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    // The thread that reads creature files (src/library/import/import-thread.ts starts it from beside main.js).
    'creature-import-worker': 'src/library/import/import-worker.ts',
    'make-pglite-template': 'src/db/make-pglite-template.ts',
  },
  outDir: 'dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  // Split at dynamic imports: main.ts starts opening the database before the server's modules load.
  splitting: true,
  sourcemap: true,
  clean: true,
  noExternal: [/^@roundkeeper\//],
});
