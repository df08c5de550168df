// Preloaded into every server the bench starts (node --expose-gc --import): on SIGWINCH it collects
// garbage (twice: the second takes what the first's finalisers let go) and writes the process's memory
// to $BENCH_MEMORY_DIR/<pid>.json, with a count so the bench knows the answer is the one it asked for.
// The bench reads memory only after this: a reading taken at whatever moment the young generation
// happens to be full (up to 2 × 16 MB here) moved memory per client by several KB between runs of one
// build (docs/performance.md). The servers themselves know nothing of it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.BENCH_MEMORY_DIR;
const collect = globalThis.gc;
if (dir && collect) {
  let answered = 0;
  process.on('SIGWINCH', () => {
    collect();
    collect();
    const { rss, heapUsed, external } = process.memoryUsage();
    answered += 1;
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify({ answered, rss, heapUsed, external }));
  });
}
