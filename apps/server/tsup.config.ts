import { defineConfig } from 'tsup';

// Two ESM bundles for production: the server (main) and the operations CLI (cli: backup, restore). The workspace packages ship TypeScript sources, so they are bundled;
// everything from node_modules stays external and is resolved at run time.
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outDir: 'dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: false,
  sourcemap: true,
  clean: true,
  noExternal: [/^@roundkeeper\//],
});
