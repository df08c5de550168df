import { readFileSync } from 'node:fs';

/** The parts of V8's .cpuprofile (Chrome DevTools format) the summary reads. */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface FrameShare {
  readonly frame: string;
  readonly selfPercent: number;
}

const PACKAGE_PATTERN = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/;

/** Where a frame's code comes from: an npm package, node's internals, the server bundle, or V8. */
export function originOf(url: string): string {
  const pkg = PACKAGE_PATTERN.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/apps/server/dist/')) return 'roundkeeper (server bundle)';
  return url === '' ? '(native: V8, GC, syscalls)' : url;
}

function load(path: string): { nodes: Map<number, ProfileNode>; selfUs: Map<number, number>; totalUs: number } {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    totalUs += delta;
  });
  return { nodes, selfUs, totalUs };
}

/** Self time grouped by `keyOf(frame)`, biggest first; idle time is left out of the shares. */
function group(path: string, keyOf: (node: ProfileNode) => string | null, top: number): FrameShare[] {
  const { nodes, selfUs } = load(path);
  const byKey = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const node = nodes.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    busyUs += us;
    const key = keyOf(node);
    if (key !== null) byKey.set(key, (byKey.get(key) ?? 0) + us);
  }
  return [...byKey]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([frame, us]) => ({ frame, selfPercent: (100 * us) / busyUs }));
}

export const topFrames = (path: string, top: number): FrameShare[] =>
  group(path, ({ callFrame: f }) => `${f.functionName || '(anonymous)'} ${originOf(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`, top);

export const topOrigins = (path: string, top: number): FrameShare[] => group(path, ({ callFrame: f }) => originOf(f.url), top);

export function formatShares(title: string, shares: readonly FrameShare[]): string {
  return [title, ...shares.map((s) => `  ${s.selfPercent.toFixed(1).padStart(5)}%  ${s.frame}`)].join('\n');
}
