// Sizes of what each page loads (its entry script, the chunks it preloads, its stylesheets), raw and
// gzipped, from a built `dist/`. Also says whether zod slipped into a page: the player and overlay
// must not carry it (see docs/clients.md). Run: `pnpm --filter @roundkeeper/web build && npx tsx apps/web/scripts/bundle-size.ts`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
export const PAGES = ['index', 'gm', 'play', 'overlay'] as const;
/**
 * What each page may load, gzip, checked by bundle-size.test.ts: the sizes measured when the budget was
 * set (docs/clients.md) plus about 5%. A page that grows past it needs a look (a value import from a
 * heavy entry, a system's code outside its lazy panel) or, when the growth is worth it, a new budget
 * written down with its reason.
 */
export const GZIP_BUDGET_BYTES: Readonly<Record<(typeof PAGES)[number], number>> = {
  index: 20 * 1024,
  // Issues 28 and 29: the one-list console (rows, selection bar, detail with the stat block, shortcuts) and
  // dnd5e's SRD search, legendary counter and encounter XP. Measured 107.1 KB, plus about 5%.
  gm: 112 * 1024,
  // Issue 28 (docs/clients.md): the phone's freed-seat watch, its whose-turn line and refusals in words;
  // the overlay's self-scrolling list and open-slot words. Measured 59.5 and 44.8 KB, plus about 5%.
  play: 62 * 1024,
  overlay: 47 * 1024,
};
/** Text found in zod's built code (its error class); absent from everything else we ship. */
const ZOD_MARKER = 'ZodError';
const ASSET = /(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g;
const GZIP_LEVEL = 9;

export interface PageSize {
  readonly page: string;
  readonly files: number;
  readonly rawBytes: number;
  readonly gzipBytes: number;
  readonly hasZod: boolean;
}

export function measurePage(page: string, dist: string = DIST): PageSize {
  const html = readFileSync(`${dist}${page}.html`, 'utf8');
  const assets = [...new Set([...html.matchAll(ASSET)].map((m) => m[1]!))];
  let rawBytes = 0;
  let gzipBytes = 0;
  let hasZod = false;
  for (const asset of assets) {
    const content = readFileSync(`${dist}${asset}`);
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: GZIP_LEVEL }).length;
    if (asset.endsWith('.js') && content.includes(ZOD_MARKER)) hasZod = true;
  }
  return { page, files: assets.length, rawBytes, gzipBytes, hasZod };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log('| page | files | raw | gzip | zod |');
  console.log('|---|---:|---:|---:|---|');
  for (const page of PAGES) {
    const size = measurePage(page);
    console.log(`| /${page === 'index' ? '' : page} | ${size.files} | ${kb(size.rawBytes)} | ${kb(size.gzipBytes)} | ${size.hasZod ? 'yes' : 'no'} |`);
  }
}
