import { makePgliteTemplate, pgliteTemplatePath } from './pglite-template.js';

// Run by `pnpm build` after bundling (dist/make-pglite-template.js): makes the empty-database template
// for the installed PGlite once (4–5 s), and returns at once on every later build.
const template = pgliteTemplatePath();
const started = performance.now();
if (await makePgliteTemplate(template)) {
  process.stdout.write(`PGlite template made in ${((performance.now() - started) / 1000).toFixed(1)} s: ${template}\n`);
}
