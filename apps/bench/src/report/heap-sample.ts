import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// What `pnpm bench --heap-sample` reads back: the sampling heap profiles the servers wrote over one
// phase (servers/heap-sample-preload.mjs), as bytes allocated (or, `--heap-survivors`, kept past a
// scavenge) per command and where.

interface SampledNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly selfSize: number;
  readonly children?: readonly SampledNode[];
}

export interface HeapSample {
  /** Bytes allocated over the phase, as the sampler estimates them, garbage included. */
  readonly allocatedBytes: number;
  /** The sites that allocated most: function, file and line, bytes. */
  readonly topSites: readonly { readonly site: string; readonly bytes: number }[];
}

/** One phase's sample, per command: bytes allocated, or (`survivors`) bytes that outlived a scavenge. */
export interface PhaseHeapSample extends HeapSample {
  readonly bytesPerCommand: number;
  readonly survivors: boolean;
}

const PROFILE_WAIT_MS = 10_000;

/** Waits for `<pid>-<n>.heapprofile` of every pid and sums them. */
export async function readHeapSamples(dir: string, pids: readonly number[], n: number): Promise<HeapSample> {
  const files = pids.map((pid) => join(dir, `${pid}-${n}.heapprofile`));
  const deadline = Date.now() + PROFILE_WAIT_MS;
  while (!files.every((f) => existsSync(f))) {
    if (Date.now() > deadline) throw new Error(`heap profiles not written: ${files.filter((f) => !existsSync(f)).join(', ')}`);
    await sleep(100);
  }
  const bySite = new Map<string, number>();
  let allocatedBytes = 0;
  const walk = (node: SampledNode): void => {
    if (node.selfSize > 0) {
      allocatedBytes += node.selfSize;
      const { functionName, url, lineNumber } = node.callFrame;
      const site = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    }
    for (const child of node.children ?? []) walk(child);
  };
  for (const file of files) walk((JSON.parse(readFileSync(file, 'utf8')) as { head: SampledNode }).head);
  const topSites = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([site, bytes]) => ({ site, bytes }));
  return { allocatedBytes, topSites };
}
