import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
// Generous: on a loaded 2-core machine the server (PGlite, migrations) can take this long to listen.
const HEALTH_TIMEOUT_MS = 90_000;
const HEALTH_POLL_MS = 150;
const EXIT_TIMEOUT_MS = 10_000;

/** A port nobody uses right now: listen on 0, read it, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The real server, built (`pnpm build`), as a child process; its output goes to `logFile`. */
export class ServerProcess {
  #child: ChildProcess | null = null;
  readonly #log: WriteStream;

  constructor(
    readonly port: number,
    readonly dataDir: string,
    logFile: string,
  ) {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`pnpm build\` first.`);
    this.#log = createWriteStream(logFile, { flags: 'a' });
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** `env` overrides the test defaults (HOST: '0.0.0.0' is how the README's `pnpm start` listens). */
  async start(env: NodeJS.ProcessEnv = {}): Promise<void> {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.#log, { end: false });
    child.stderr?.pipe(this.#log, { end: false });
    this.#child = child;
    await this.#waitForHealth();
  }

  /** Freezes the process (SIGSTOP) or lets it go on (SIGCONT): a server that stops answering, sockets left open. */
  freeze(frozen: boolean): void {
    this.#child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
  }

  /** SIGTERM, as a deployment would; resolves once the process has exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    this.#child = null;
  }

  async #waitForHealth(): Promise<void> {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const exitCode = this.#child?.exitCode;
      if (typeof exitCode === 'number') throw new Error(`the server exited with ${exitCode}; see the e2e log`);
      try {
        const response = await fetch(`${this.baseUrl}/api/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
    }
    throw new Error(`the server did not answer /api/health within ${HEALTH_TIMEOUT_MS} ms`);
  }
}
