import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU time in these ticks (100 on every mainstream kernel). */
const CLOCK_TICKS_PER_SECOND = 100;
const MS_PER_TICK = 1_000 / CLOCK_TICKS_PER_SECOND;
const KIB = 1_024;
/** utime and stime are fields 14 and 15 of /proc/<pid>/stat; after the ")" closing the name, 12 and 13. */
const UTIME_AFTER_NAME = 11;

/** CPU time a process has used so far, ms (user + system), read like pidusage does. */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const user = Number(fields[UTIME_AFTER_NAME]);
  const system = Number(fields[UTIME_AFTER_NAME + 1]);
  return (user + system) * MS_PER_TICK;
}

/** Resident set size of a process, bytes. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * KIB;
}

/** Sums over the processes of one configuration (one per server node). */
export const totalCpuMs = (pids: readonly number[]): number => pids.reduce((sum, pid) => sum + cpuTimeMs(pid), 0);
export const totalRss = (pids: readonly number[]): number => pids.reduce((sum, pid) => sum + rssBytes(pid), 0);
