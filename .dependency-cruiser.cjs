// Import rules checked by `pnpm lint` (dependency-cruiser). Type-only imports count too: a cycle
// of types is still a cycle for whoever reads the code. docs/architecture.md draws these layers.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle anywhere: every module can be read and tested from its imports down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-knows-no-system',
      comment: 'packages/rules/src/core is handed its systems (createEngine); it never imports one, nor the registry above it.',
      severity: 'error',
      from: { path: '^packages/rules/src/core/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/rules/src/(systems/|registry\\.ts|catalogue\\.ts|index\\.ts)' },
    },
    {
      name: 'systems-import-only-the-core',
      comment: 'A system imports the core and its own folder: never another system, nor the registry or catalogue that compose them.',
      severity: 'error',
      from: { path: '^packages/rules/src/systems/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^packages/rules/src/',
        pathNot: ['^packages/rules/src/core/', '^packages/rules/src/systems/$1/'],
      },
    },
    {
      name: 'catalogue-stays-light',
      comment: "The catalogue is what clients bundle: it may reach the systems' meta.ts files, never the registry.",
      severity: 'error',
      from: { path: '^packages/rules/src/catalogue\\.ts$' },
      to: { path: '^packages/rules/src/(registry|index)\\.ts$' },
    },
    {
      name: 'rooms-know-ports',
      comment: 'Rooms, the registry and the access service reach storage and clients through ports: never HTTP, sockets or plugins.',
      severity: 'error',
      from: { path: '^apps/server/src/encounters/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(realtime|http|plugins)/' },
    },
    {
      name: 'store-knows-no-room',
      comment: 'The store is the bottom of the server: it knows the rules and the protocol, not who uses it.',
      severity: 'error',
      from: { path: '^apps/server/src/store/' },
      to: { path: '^apps/server/src/(encounters|realtime|http|plugins)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)/' },
  },
};
