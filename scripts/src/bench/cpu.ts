/**
 * CPU time of processes, from /proc (Linux): what a benchmark charges to the app and to
 * PostgreSQL, and how busy the whole machine was. Ticks are USER_HZ (100 per second on Linux).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

interface ProcStat {
  readonly ppid: number;
  /** utime + stime, in seconds. */
  readonly own: number;
  /** cutime + cstime (reaped children), in seconds. */
  readonly children: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    return { ppid: n(4), own: (n(14) + n(15)) / TICKS_PER_SECOND, children: (n(16) + n(17)) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

function allPids(): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
}

/** A process and all its descendants, alive or reaped: CPU seconds so far. */
export function treeCpuSeconds(rootPid: number): number {
  const stats = new Map<number, ProcStat>();
  for (const pid of allPids()) {
    const s = procStat(pid);
    if (s) stats.set(pid, s);
  }
  const root = stats.get(rootPid);
  if (!root) return 0;
  let total = root.own + root.children;
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.pop()!;
    for (const [pid, s] of stats) {
      if (s.ppid !== parent) continue;
      // A live child's reaped children are in its own `children` figure; the root's are already counted.
      total += s.own + s.children;
      queue.push(pid);
    }
  }
  return total;
}

/** The embedded server's postmaster, from `<dataDir>/postgres/postmaster.pid`. */
export function postmasterPid(embeddedDir: string): number {
  return Number(readFileSync(join(embeddedDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Machine-wide busy and total CPU seconds so far (all cores), from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const total = line.reduce((a, b) => a + b, 0);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/**
 * PostgreSQL CPU of one database on a shared server (DATABASE_URL): the backends connected to
 * it, sampled while they live (a pool keeps them), so other databases' work is not charged.
 */
export class BackendCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  constructor(
    private readonly url: string,
    private readonly database: string,
  ) {}

  async sample(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [this.database]);
      for (const { pid } of rows) {
        const s = procStat(pid);
        if (!s) continue;
        if (!this.first.has(pid)) this.first.set(pid, s.own);
        this.last.set(pid, s.own);
      }
    } finally {
      await client.end();
    }
  }

  /** CPU seconds the sampled backends used between their first and last sample. */
  seconds(): number {
    let total = 0;
    for (const [pid, last] of this.last) total += last - (this.first.get(pid) ?? last);
    return total;
  }
}
