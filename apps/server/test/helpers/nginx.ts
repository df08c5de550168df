import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The load balancer configuration we ship (docker-compose.yml mounts it into nginx's `http` block). */
export const SHIPPED_NGINX_CONF = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));
const READY_TIMEOUT_MS = 10_000;
const POLL_MS = 50;

/** The nginx binary (Debian's nginx or nginx-light), or undefined when it is not installed. */
export function findNginx(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  if (found) return found;
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p));
}

/**
 * deploy/nginx.conf with only what differs between compose and this machine rewritten: the upstream
 * `server server-N:3000` addresses (to the nodes' loopback ports) and `listen 80` (to a free port).
 * Throws if the shipped file stops matching, so the test never silently runs something else.
 */
export function rewriteShipped(shipped: string, upstreamPorts: readonly number[], listenPort: number): string {
  let text = shipped;
  upstreamPorts.forEach((port, i) => {
    const name = new RegExp(`(\\n\\s*server )server-${i + 1}:3000( )`, 'g');
    if ((text.match(name) ?? []).length !== 1) throw new Error(`deploy/nginx.conf: expected one "server server-${i + 1}:3000" line`);
    text = text.replace(name, `$1127.0.0.1:${port}$2`);
  });
  if ((text.match(/\blisten 80;/g) ?? []).length !== 1) throw new Error('deploy/nginx.conf: expected one "listen 80;"');
  return text.replace(/\blisten 80;/, `listen 127.0.0.1:${listenPort};`);
}

export interface Nginx {
  readonly url: string;
  readonly prefix: string;
  /** `nginx -t` on the generated wrapper (which includes the shipped file): status and output. */
  test(): { status: number | null; output: string };
  stop(): Promise<void>;
}

/**
 * Runs the shipped configuration for real: a top-level nginx.conf in a temp prefix (pid, logs, temp
 * paths there, `daemon off;`) that includes the rewritten copy in its `http` block, as the nginx image does.
 */
export async function startNginx(binary: string, upstreamPorts: readonly number[], listenPort: number): Promise<Nginx> {
  const prefix = await mkdtemp(join(tmpdir(), 'rk-nginx-'));
  // Workers run as an unprivileged user when started as root: they must reach the temp folders.
  await chmod(prefix, 0o755);
  await writeFile(join(prefix, 'roundkeeper.conf'), rewriteShipped(await readFile(SHIPPED_NGINX_CONF, 'utf8'), upstreamPorts, listenPort));
  await writeFile(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${prefix}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t}_temp;`),
      `  include ${prefix}/roundkeeper.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf')];
  const test = () => {
    const result = spawnSync(binary, ['-t', ...args], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };
  const checked = test();
  if (checked.status !== 0) throw new Error(`nginx -t refused the shipped configuration:\n${checked.output}`);
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${await readFile(join(prefix, 'error.log'), 'utf8').catch(() => '')}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('nginx did not answer');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return {
    url,
    prefix,
    test,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
