import { defineConfig } from 'tsup';

// One ESM bundle for production. The workspace packages ship TypeScript sources, so they are bundled;
// everything from node_modules stays external and is resolved at run time.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  outDir: 'dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: false,
  sourcemap: true,
  clean: true,
  noExternal: [/^@roundkeeper\//],
});
