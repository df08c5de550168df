// dependency-cruiser reads a Svelte component through the svelte compiler, which drops its `import type`
// lines before dependency-cruiser sees them. This check reads every import of the web app's components
// (type-only included) and holds them to the same forbidden path rules (.dependency-cruiser.cjs) and to
// no cycle through the web's modules. Run by `pnpm deps:check`, after dependency-cruiser.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'apps/web/src');

interface PathRule {
  readonly path?: string | readonly string[];
  readonly pathNot?: string | readonly string[];
  readonly circular?: boolean;
  readonly reachable?: boolean;
  readonly dependencyTypesNot?: readonly string[];
}
interface ForbiddenRule {
  readonly name: string;
  readonly from: PathRule;
  readonly to: PathRule;
}
const { forbidden } = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: readonly ForbiddenRule[] };

const list = (value: string | readonly string[] | undefined): readonly string[] => (value === undefined ? [] : typeof value === 'string' ? [value] : value);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|svelte)$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** The module a relative specifier names: `./x.js` is `./x.ts` in the source, `./x.svelte.js` is `./x.svelte.ts`. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = resolve(dirname(from), specifier);
  const candidates = [target, target.replace(/\.js$/, '.ts')];
  return candidates.find((c) => existsSync(c) && /\.(ts|svelte)$/.test(c)) ?? null;
}

const IMPORT = /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
/** Every module a file imports, type-only and dynamic imports included; a component's from its scripts. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const code = file.endsWith('.svelte') ? [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n') : text;
  return [...code.matchAll(IMPORT)].flatMap((m) => resolveImport(file, m[1] ?? m[2] ?? '') ?? []);
}

const rel = (path: string): string => relative(ROOT, path);
const graph = new Map(files(WEB).map((file) => [rel(file), importsOf(file).map(rel)]));
const problems: string[] = [];

// The forbidden path rules, for the components' imports (dependency-cruiser checks the rest).
for (const [from, targets] of graph) {
  if (!from.endsWith('.svelte')) continue;
  for (const rule of forbidden) {
    if (rule.to.circular || rule.to.reachable || rule.to.dependencyTypesNot || !rule.from.path) continue;
    const matched = list(rule.from.path).map((p) => new RegExp(p).exec(from)).find((m) => m !== null);
    if (!matched || list(rule.from.pathNot).some((p) => new RegExp(p).test(from))) continue;
    const group = (p: string) => new RegExp(p.replace(/\$1/g, matched[1] ?? ''));
    for (const to of targets) {
      if (list(rule.to.path).some((p) => group(p).test(to)) && !list(rule.to.pathNot).some((p) => group(p).test(to))) {
        problems.push(`${rule.name}: ${from} → ${to}`);
      }
    }
  }
}

// No cycle through the web's modules, the components' type-only imports included.
const state = new Map<string, 'open' | 'done'>();
function visit(module: string, path: readonly string[]): void {
  if (state.get(module) === 'done') return;
  if (state.get(module) === 'open') {
    problems.push(`no-circular: ${[...path.slice(path.indexOf(module)), module].join(' → ')}`);
    return;
  }
  state.set(module, 'open');
  for (const next of graph.get(module) ?? []) visit(next, [...path, module]);
  state.set(module, 'done');
}
for (const module of graph.keys()) visit(module, []);

if (problems.length > 0) {
  console.error(`Svelte imports break ${problems.length} import rule(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`✔ Svelte imports: no rule broken, no cycle (${graph.size} web modules read)`);
