// Temporary profiling probe (deleted before the end): server CPU per append, per schema variant.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { spawn } from 'node:child_process';
import { canonicalJson } from '@wager/domain';
import { benchEvents } from './contenders.js';

const ticks = (pid: number): number => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return Number(f[11]) + Number(f[12]); };
async function probe(db: string, kind: string, size: number, n: number): Promise<number> {
  const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${db}` });
  await c.connect();
  const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p as number;
  const run = async (count: number) => { for (let i = 0; i < count; i++) {
    const events = benchEvents(size); const s = `bench-${randomUUID()}`;
    if (kind === 'app') await c.query({ name: 'a', text: 'select * from es_append($1, $2, $3::jsonb)', values: [s, -1, JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata, canonical: canonicalJson(e.data) })))] });
    else { const v: unknown[] = []; const rows = events.map((e, i) => { v.push(e.id, s, i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)); const p = i * 6; return `($${p+1},$${p+2},$${p+3},$${p+4},$${p+5},$${p+6})`; });
      await c.query({ name: `c${size}`, text: `insert into bench_ceiling (event_id, stream_id, stream_revision, type, data, metadata) values ${rows.join(',')}`, values: v }); }
  } };
  await run(200);
  const t0 = ticks(pid); await run(n); const t1 = ticks(pid);
  await c.end();
  return ((t1 - t0) * 10_000) / n; // µs per append
}
const [db, kind, size, n] = process.argv.slice(2);
console.log(`${db} ${kind}${size}: ${(await probe(db!, kind!, Number(size), Number(n))).toFixed(0)} µs server CPU per append`);
