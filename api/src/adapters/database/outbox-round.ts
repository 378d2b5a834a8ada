import { performance } from 'node:perf_hooks';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from '@wager/projections';

/**
 * An outbox sender's poll round (email, SMS, push): it claims its rows with ONE statement,
 * `update … set claimed_until = <lease> where id in (select … for update skip locked limit N)
 * returning *`, sends them one provider call each outside any transaction, and records what
 * happened with ONE statement per table (`updateEach`), clearing the claim. The statement's row
 * locks last only as long as the statement, so no transaction is held across I/O (see
 * `withAdvisoryLock` on why that matters); the lease keeps other senders off the rows meanwhile,
 * and a sender that crashed between claim and mark leaves rows that are due again once their
 * lease has run out. A round starts no send once `sendingMs` have passed (a slow provider),
 * and gives the rows it did not reach back: the lease (longer than `sendingMs` plus one send's
 * timeout) never runs out under a send still going.
 */
export interface RoundLease {
  /** The claim: the rows are the round's until then (app clock, as `next_attempt_at`). */
  readonly until: Date;
  /** False once the round has been sending for its allowed time. */
  canStartSend(): boolean;
}

export function roundLease(now: Date, leaseMs: number, sendingMs: number): RoundLease {
  const started = performance.now();
  return { until: new Date(now.getTime() + leaseMs), canStartSend: () => performance.now() - started < sendingMs };
}

export type OutboxTable = 'email_outbox' | 'sms_outbox' | 'push_outbox';

/**
 * The claim, one statement: up to `limit` queued rows that are `due` and claimed by no live round,
 * oldest first, skipping the rows another sender's statement holds; they are this round's until
 * `lease.until`. Returned oldest first.
 */
export async function claimRound<T extends OutboxTable>(db: Kysely<Database>, table: T, lease: RoundLease, now: Date, which: { readonly due: RawBuilder<unknown>; readonly limit: number }): Promise<Selectable<Database[T]>[]> {
  const { rows } = await sql<Selectable<Database[T]>>`update ${sql.table(table)} set claimed_until = ${lease.until} where id in (select id from ${sql.table(table)} where status = 'queued' and (claimed_until is null or claimed_until <= ${now}) and ${which.due} order by next_attempt_at limit ${which.limit} for update skip locked) returning *`.execute(db);
  const due = (row: Selectable<Database[T]>) => (row as { next_attempt_at: Date }).next_attempt_at.getTime();
  return [...rows].sort((a, b) => due(a) - due(b));
}

export type ArrayColumnType = 'uuid' | 'text' | 'integer' | 'timestamptz';
type Columns = Readonly<Record<string, ArrayColumnType>>;

/**
 * Writes each row's own values with one statement: `update <table> as o set <c> = v.<c>, … from
 * unnest($1::<type>[], …) as v(<key…>, <c…>) where o.<key> = v.<key> …`. `key`, `set` and
 * `latest` name different columns; a `latest` column keeps the later of the stored and the given
 * time (`greatest`, which passes over a null), so a round never moves it back; `also.set` adds
 * assignments and `also.where` conditions (on `o`). Returns how many rows it wrote (a row whose
 * guard no longer holds is left alone).
 */
export async function updateEach(
  db: Kysely<Database>,
  table: keyof Database & string,
  columns: { readonly key: Columns; readonly set: Columns; readonly latest?: Columns },
  rows: readonly Readonly<Record<string, unknown>>[],
  also: { readonly set?: RawBuilder<unknown>; readonly where?: RawBuilder<unknown> } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const keys = Object.entries(columns.key);
  const sets = Object.entries(columns.set);
  const latest = Object.entries(columns.latest ?? {});
  const all = [...keys, ...sets, ...latest];
  const arrays = sql.join(all.map(([name, type]) => sql`${rows.map((row) => row[name] ?? null)}::${sql.raw(type)}[]`));
  const names = sql.join(all.map(([name]) => sql.id(name)));
  const assignments = sql.join([
    ...sets.map(([name]) => sql`${sql.id(name)} = v.${sql.id(name)}`),
    ...latest.map(([name]) => sql`${sql.id(name)} = greatest(o.${sql.id(name)}, v.${sql.id(name)})`),
    ...(also.set ? [also.set] : []),
  ]);
  const conditions = sql.join([...keys.map(([name]) => sql`o.${sql.id(name)} = v.${sql.id(name)}`), ...(also.where ? [also.where] : [])], sql` and `);
  const result = await sql`update ${sql.table(table)} as o set ${assignments} from unnest(${arrays}) as v(${names}) where ${conditions}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
