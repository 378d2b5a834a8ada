/**
 * The app as `npm start` runs it (scripts/src/start.ts), as a child process of a benchmark:
 * its own DATA_DIR, the benchmark's database, a free port on 127.0.0.1. `--cpu-prof` makes
 * Node write a CPU profile when the process stops, summarised by `topFunctions`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

export interface AppProcess {
  readonly role: string;
  readonly pid: number;
  /** The HTTP origin (undefined for ROLE=project). */
  readonly url: string | undefined;
  stop(): Promise<number | null>;
}

export interface AppOptions {
  readonly role: 'both' | 'serve' | 'project';
  readonly env: Record<string, string>;
  /** Directory for `--cpu-prof` output, or undefined for no profile. */
  readonly cpuProfDir?: string;
  /** File the statement counts are written to (`--count-queries`), or undefined. */
  readonly queryCountsFile?: string;
}

export async function startApp(options: AppOptions): Promise<AppProcess> {
  // Each thread (the main one, and tsx's module-loader worker) writes its own profile into the role's directory.
  const nodeArgs = [
    '--import',
    'tsx',
    ...(options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', join(options.cpuProfDir, options.role)] : []),
    ...(options.queryCountsFile ? ['--import', './scripts/src/bench/count-queries.mjs'] : []),
    'scripts/src/start.ts',
  ];
  const env = { ...process.env, ...options.env, ROLE: options.role, ...(options.queryCountsFile ? { BENCH_QUERY_COUNTS_FILE: options.queryCountsFile } : {}) };
  const child = spawn(process.execPath, nodeArgs, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await ready(child, options.role);
  return {
    role: options.role,
    pid: child.pid!,
    url,
    stop: () => stop(child),
  };
}

function ready(child: ChildProcess, role: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`app (${role}) not ready within ${READY_TIMEOUT_MS} ms:\n${output}`)), READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const running = /Wager is running at (\S+)/.exec(output);
      // ROLE=project prints no address; its banner ends with the role line.
      if (running || /role\s+project/.test(output)) {
        clearTimeout(timer);
        resolve(running?.[1]?.startsWith('http') ? running[1] : undefined);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app (${role}) exited with ${code} before it was ready:\n${output}`));
    });
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** The functions with the most self time in a `.cpuprofile` (shares of the busy time, idle left out), as `share  name  file:line`. */
export function topFunctions(file: string, count = 15): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byNode = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)') return;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${relativeUrl(url)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}  ${where}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
}

function relativeUrl(url: string): string {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  return path.startsWith('/') ? relative(REPO_ROOT, path) : path;
}

/** Per role, the main thread's profile: the largest of the role's directory (the loader worker's is small). */
export function profilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const files = readdirSync(join(dir, d.name))
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(dir, d.name, f));
      return files.sort((a, b) => statSync(b).size - statSync(a).size).slice(0, 1);
    });
}
