import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseConfig } from '../../src/config.js';

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const BUILT_CLI = join(SERVER_ROOT, 'dist', 'cli.js');
/** What the bundle is built from: the server's sources and the workspace packages it bundles. */
const SOURCES = [join(SERVER_ROOT, 'src'), ...['rules', 'protocol'].map((p) => join(SERVER_ROOT, '..', '..', 'packages', p, 'src'))];

/** Newest modification time under a folder. */
function newest(folder: string): number {
  return Math.max(...readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => statSync(join(e.parentPath, e.name)).mtimeMs));
}

/**
 * The built CLI (`dist/cli.js`, what operators run; `pnpm test` builds it first) when it is newer than
 * every source file, else the sources under tsx: a test never runs a stale build.
 */
function cliCommand(): string[] {
  try {
    if (statSync(BUILT_CLI).mtimeMs > Math.max(...SOURCES.map(newest))) return [BUILT_CLI];
  } catch {
    // Not built: run the sources.
  }
  return ['--import', 'tsx', 'src/cli.ts'];
}

/** Runs the operations CLI as a child process on `database`, as an operator would. */
export async function runCli(database: DatabaseConfig, args: readonly string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.driver === 'postgres' ? database.url : '',
    DATA_DIR: database.driver === 'pglite' ? (database.dataDir ?? '') : '',
  };
  const child = spawn(process.execPath, [...cliCommand(), ...args], { cwd: SERVER_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
