// Preloaded into Roundkeeper's server processes by `pnpm bench --heap-sample` (node --import): the
// first SIGUSR2 starts V8's sampling heap profiler, with the objects already collected kept in it (so
// it counts what was allocated, garbage included, not what is still alive; with `--heap-survivors`,
// BENCH_HEAP_SAMPLE_SURVIVORS=1, what scavenges freed is left out: what is counted outlived one, or was
// made after the last scavenge before the stop); the next stops it and
// writes the profile to $BENCH_HEAP_SAMPLE_DIR/<pid>-<n>.heapprofile, where the bench reads it
// (report/heap-sample.ts). The server itself knows nothing of it.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

/** Bytes between two samples: fine enough for per-command figures, cheap enough not to move them. */
const SAMPLING_INTERVAL_BYTES = 8192;

const dir = process.env.BENCH_HEAP_SAMPLE_DIR;
const survivorsOnly = process.env.BENCH_HEAP_SAMPLE_SURVIVORS === '1';
if (dir) {
  const session = new Session();
  session.connect();
  let sampling = false;
  let written = 0;
  const fail = (what, error) => process.stderr.write(`heap sample: ${what} failed: ${JSON.stringify(error)}\n`);
  process.on('SIGUSR2', () => {
    if (!sampling) {
      sampling = true;
      session.post('HeapProfiler.enable', () =>
        session.post(
          'HeapProfiler.startSampling',
          { samplingInterval: SAMPLING_INTERVAL_BYTES, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !survivorsOnly },
          (error) => error && fail('start', error),
        ),
      );
      return;
    }
    sampling = false;
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) return fail('stop', error);
      written += 1;
      // Written aside, then renamed: the bench reads the file as soon as its name exists, and a
      // profile of a few MB is not written in one go (it read half of one once).
      const file = join(dir, `${process.pid}-${written}.heapprofile`);
      writeFileSync(`${file}.partial`, JSON.stringify(result.profile));
      renameSync(`${file}.partial`, file);
    });
  });
}
