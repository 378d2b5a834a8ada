// Temporary profiling probe (deleted before the end): server CPU per append, per schema variant.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { canonicalJson } from '@wager/domain';
import { benchEvents } from './contenders.js';
const ticks = (pid: number): number => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return Number(f[11]) + Number(f[12]); };
const [db, size, n] = process.argv.slice(2);
const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${db}` });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p as number;
const run = async (count: number) => { for (let i = 0; i < count; i++) {
  const events = benchEvents(Number(size));
  await c.query({ name: 'a', text: 'select * from es_append($1, $2, $3::jsonb)', values: [`bench-${randomUUID()}`, -1, JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata, canonical: canonicalJson(e.data) })))] });
} };
await run(300);
const t0 = ticks(pid); await run(Number(n)); const t1 = ticks(pid);
await c.end();
console.log(((t1 - t0) * 10_000 / Number(n)).toFixed(0));
