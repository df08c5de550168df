// Import rules checked by `pnpm lint` (dependency-cruiser) over every package and app, the web's Svelte
// components included (read through the svelte compiler). Type-only imports count too: a cycle of types
// is still a cycle for whoever reads the code. docs/architecture.md draws these layers.
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
      name: 'system-clients-stay-light',
      comment: "A system's client.ts (`@roundkeeper/rules/systems/<id>`) is what pages bundle: pure helpers, never its decide, evolve, project or the engine.",
      severity: 'error',
      from: { path: '^packages/rules/src/systems/[^/]+/client\\.ts$' },
      to: { path: '^packages/rules/src/(systems/[^/]+/(decide|evolve|project|system)|registry|index)\\.ts$', reachable: true },
    },
    {
      name: 'web-lib-knows-no-system',
      comment: 'apps/web/src/lib is shared and knows no system and no page: what a system adds comes in as a value (a prop, a parameter).',
      severity: 'error',
      from: { path: '^apps/web/src/lib/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/web/src/(systems|gm|play|overlay|library|home)/' },
    },
    {
      name: 'web-system-knows-only-lib',
      comment: "A system's web folder imports lib/, the contract (systems/types.ts) and its own folder: never a page, another system or the registry.",
      severity: 'error',
      from: { path: '^apps/web/src/systems/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/web/src/',
        pathNot: ['^apps/web/src/lib/', '^apps/web/src/systems/types\\.ts$', '^apps/web/src/systems/$1/'],
      },
    },
    {
      name: 'web-registry-knows-no-page',
      comment: 'The registry and what reads it (apps/web/src/systems/*.ts) serve the pages; they never import one.',
      severity: 'error',
      from: { path: '^apps/web/src/systems/[^/]+$', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/web/src/(gm|play|overlay|library|home)/' },
    },
    {
      name: 'web-pages-reach-systems-through-the-registry',
      comment: "Pages read a system through the registry's readers (systems/*.ts), never from its folder.",
      severity: 'error',
      from: { path: '^apps/web/src/(gm|play|overlay|library|home)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/web/src/systems/[^/]+/' },
    },
    {
      name: 'web-bundles-light-rules',
      comment: "The pages take values only from the rules' light entry points (/core, /catalogue, /systems/<id>): never the engine of the five.",
      severity: 'error',
      // Tests and their support files (x.test-support.ts) build real encounters with the engine: they are no page.
      from: { path: '^apps/web/src/', pathNot: '\\.test(-support)?\\.ts$' },
      to: { path: '^packages/rules/src/(index|registry)\\.ts$', dependencyTypesNot: ['type-only'] },
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
    {
      name: 'library-knows-no-http',
      comment: "The GM library's domain (its store, carry-over, starting from a party, creature checks and files) is used by http/, whose routes serve it: never the reverse, nor sockets or plugins.",
      severity: 'error',
      from: { path: '^apps/server/src/library/' },
      to: { path: '^apps/server/src/(http|realtime|plugins)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)/' },
    // Follow the workspace packages' `exports` (e.g. @roundkeeper/rules/core → packages/rules/src/core/index.ts):
    // without it an import of another package stays unresolved, and no rule or cycle sees that arrow.
    enhancedResolveOptions: { exportsFields: ['exports'] },
  },
};
