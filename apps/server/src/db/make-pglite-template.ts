import { makePgliteTemplate, pgliteTemplatePath } from './pglite-template.js';

// Run by `pnpm build` after bundling (dist/make-pglite-template.js): makes the empty-database template
// for the installed PGlite once (4–5 s), and returns at once on every later build. The server works
// without it (a new database then runs initdb), so a template that cannot be made is a warning, not a
// failed build.
const started = performance.now();
try {
  const template = pgliteTemplatePath();
  if (await makePgliteTemplate(template)) {
    process.stdout.write(`PGlite template made in ${((performance.now() - started) / 1000).toFixed(1)} s: ${template}\n`);
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`warning: PGlite template not made (${reason}); a new PGlite database will run initdb, 4–5 s slower\n`);
}
