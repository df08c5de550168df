import { readFileSync } from 'node:fs';

// What the kernel says of connection attempts it dropped because a listen queue was full. A restarted
// node's clients all come back at once; past the queue (`net.core.somaxconn`, 4096 by default) their
// attempts are dropped and retried by TCP only 1, then 3, then 7 s later: a storm's figure depends on
// this host setting as much as on the server (docs/operations.md, Restart). Linux only; null elsewhere.

/** The host's cap on a listen queue, or null where it cannot be read. */
export function listenQueueCap(): number | null {
  try {
    return Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim());
  } catch {
    return null;
  }
}

/**
 * TcpExtListenOverflows: attempts dropped since boot, on every listener of the host (the bench's
 * own are the only busy ones while it runs). Read before and after a storm, the difference is its share.
 */
export function listenOverflows(): number | null {
  let text: string;
  try {
    text = readFileSync('/proc/net/netstat', 'utf8');
  } catch {
    return null;
  }
  // Pairs of lines: "TcpExt: Name1 Name2 …" then "TcpExt: value1 value2 …".
  const lines = text.split('\n').filter((line) => line.startsWith('TcpExt:'));
  const [names, values] = [lines[0]?.split(/\s+/) ?? [], lines[1]?.split(/\s+/) ?? []];
  const at = names.indexOf('ListenOverflows');
  const value = at > 0 ? Number(values[at]) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}
