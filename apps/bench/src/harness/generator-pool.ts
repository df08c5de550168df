import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { benchSource } from '../paths.js';
import { isMessage, type ChildMessage, type ParentMessage } from './ipc.js';

/** tsx compiles the generator on start; on a loaded 2-core machine that takes seconds. */
const LOAD_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 5_000;

/** One load-generator child process and its inbox. */
export class Generator {
  private readonly inbox: ChildMessage[] = [];
  private wake: (() => void) | null = null;

  constructor(private readonly child: ChildProcess) {
    child.on('message', (message: unknown) => {
      if (!isMessage<ChildMessage>(message)) return;
      this.inbox.push(message);
      this.wake?.();
    });
    child.on('exit', () => this.wake?.());
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('load generator has no pid');
    return this.child.pid;
  }

  send(message: ParentMessage): void {
    this.child.send(message);
  }

  /** The next message of this type; throws on the child's failure or exit, or after `timeoutMs`. */
  async next<T extends ChildMessage['type']>(type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const fatal = this.inbox.find((m) => m.type === 'fatal');
      if (fatal?.type === 'fatal') throw new Error(`load generator failed: ${fatal.message}`);
      const index = this.inbox.findIndex((m) => m.type === type);
      if (index >= 0) return this.inbox.splice(index, 1)[0] as Extract<ChildMessage, { type: T }>;
      if (this.child.exitCode !== null) throw new Error(`load generator exited with ${this.child.exitCode}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no ${type} from a load generator within ${timeoutMs} ms`);
      // Wake on the next message or exit, or at the deadline; the timer must not outlive the wait.
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
      this.wake = null;
    }
  }

  async closeTables(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.send({ type: 'close-tables' });
    await this.next('tables-closed', CLOSE_TIMEOUT_MS);
  }

  async exit(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    if (this.child.connected) this.send({ type: 'exit' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

/** Forks the load generators once for the whole run and waits until each has loaded; `cpus`: pins them (taskset). */
export async function startGenerators(count: number, cpus?: string): Promise<Generator[]> {
  const generators = Array.from(
    { length: count },
    () => new Generator(fork(benchSource('harness/load-generator.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })),
  );
  await Promise.all(generators.map((g) => g.next('loaded', LOAD_TIMEOUT_MS)));
  // -a: every thread the generator has started so far (libuv's pool, V8's); later ones inherit the mask.
  if (cpus !== undefined) for (const g of generators) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(g.pid)], { stdio: 'ignore' });
  return generators;
}
