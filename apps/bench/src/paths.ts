import { fileURLToPath } from 'node:url';

/** apps/bench, whatever the working directory. */
export const BENCH_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const SERVER_ROOT = fileURLToPath(new URL('../../server/', import.meta.url));
/** The built server, as `pnpm start` runs it: the bench measures what ships. */
export const SERVER_MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));
export const benchSource = (relative: string): string => fileURLToPath(new URL(`./${relative}`, import.meta.url));
