import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';

/** The admin overview's charts and a player's balance over time: at most this many days back. */
export const CHART_DAYS_MAX = 90;
export const CHART_DAYS_DEFAULT = 30;

export interface DailyMoneyRow {
  readonly day: string;
  /** Paid into bet and pool escrows (stake and fee), in the wallet currency. */
  readonly staked: string;
  /** Recognised in platform:fees. */
  readonly fees: string;
  /** Players who staked that day. */
  readonly activePlayers: number;
}

/** `day` as YYYY-MM-DD in UTC for each of the last `days` days up to `now`, oldest first. */
export function chartDays(now: Date, days: number): string[] {
  const out: string[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let i = days - 1; i >= 0; i--) out.push(new Date(today - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

function since(now: Date, days: number): Date {
  return new Date(Date.parse(`${chartDays(now, days)[0]}T00:00:00Z`));
}

/** Stakes, fees and players who staked, per UTC day, from the ledger journal. */
export async function dailyMoney(db: Kysely<Database>, now: Date, days: number, currency: string): Promise<DailyMoneyRow[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select([
      sql<string>`to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`coalesce(sum(amount) filter (where event_type = 'StakeLocked' and account_kind in ('bet-escrow', 'pool-escrow')), 0)::numeric(20,2)::text`.as('staked'),
      sql<string>`coalesce(sum(amount) filter (where account_kind = 'platform-fees'), 0)::numeric(20,2)::text`.as('fees'),
      sql<string>`count(distinct owner_id) filter (where event_type = 'StakeLocked' and account_kind = 'user-available')::text`.as('players'),
    ])
    .where('recorded_at', '>=', since(now, days))
    .where('currency', '=', currency)
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return chartDays(now, days).map((day) => {
    const r = byDay.get(day);
    return { day, staked: r?.staked ?? '0.00', fees: r?.fees ?? '0.00', activePlayers: r ? Number(r.players) : 0 };
  });
}

export interface DailyDisputesRow {
  readonly day: string;
  readonly opened: number;
  readonly resolved: number;
  /** Mean hours from opened to resolved of the disputes resolved that day; null when none. */
  readonly meanHoursToResolve: number | null;
}

/** Disputes opened and resolved per UTC day (a resolution: the bet settled or voided after its dispute). */
export async function dailyDisputes(db: Kysely<Database>, now: Date, days: number): Promise<DailyDisputesRow[]> {
  const from = since(now, days);
  const opened = await db
    .selectFrom('bet_trail')
    .select([sql<string>`to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)::text`.as('n')])
    .where('type', '=', 'BetDisputed')
    .where('recorded_at', '>=', from)
    .groupBy(sql`1`)
    .execute();
  const resolved = await sql<{ day: string; n: string; hours: string | null }>`
    select to_char(r.recorded_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::text as n,
           avg(extract(epoch from (r.recorded_at - d.opened_at)) / 3600)::text as hours
    from bet_trail r
    join (select bet_id, max(recorded_at) as opened_at from bet_trail where type = 'BetDisputed' group by bet_id) d on d.bet_id = r.bet_id and r.recorded_at >= d.opened_at
    where r.type in ('BetSettled', 'BetVoided') and r.recorded_at >= ${from}
    group by 1`.execute(db);
  const o = new Map(opened.map((r) => [r.day, Number(r.n)]));
  const s = new Map(resolved.rows.map((r) => [r.day, r]));
  return chartDays(now, days).map((day) => {
    const r = s.get(day);
    return { day, opened: o.get(day) ?? 0, resolved: r ? Number(r.n) : 0, meanHoursToResolve: r?.hours ? Math.round(Number(r.hours) * 10) / 10 : null };
  });
}

/** Ages (hours) of the disputes open now, oldest first: what the overview lists beside the chart. */
export async function openDisputeAges(db: Kysely<Database>, now: Date, limit = 20): Promise<{ betId: string; openedAt: Date; hours: number }[]> {
  const rows = await sql<{ bet_id: string; opened_at: Date }>`
    select b.id as bet_id, max(t.recorded_at) as opened_at from bets b join bet_trail t on t.bet_id = b.id and t.type = 'BetDisputed'
    where b.status = 'disputed' group by b.id order by 2 limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ betId: r.bet_id, openedAt: new Date(r.opened_at), hours: Math.round(((now.getTime() - new Date(r.opened_at).getTime()) / 3_600_000) * 10) / 10 }));
}

export interface DailyPayoutTimeRow {
  readonly day: string;
  readonly paid: number;
  readonly medianMinutes: number | null;
  readonly p95Minutes: number | null;
}

/** Minutes from request to paid of bank withdrawals paid each UTC day: median and 95th percentile. */
export async function dailyPayoutTimes(db: Kysely<Database>, now: Date, days: number): Promise<DailyPayoutTimeRow[]> {
  const rows = await db
    .selectFrom('bank_withdrawals')
    .select([
      sql<string>`to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`count(*)::text`.as('n'),
      sql<string>`percentile_cont(0.5) within group (order by extract(epoch from (paid_at - requested_at)) / 60)::text`.as('median'),
      sql<string>`percentile_cont(0.95) within group (order by extract(epoch from (paid_at - requested_at)) / 60)::text`.as('p95'),
    ])
    .where('status', '=', 'paid')
    .where('paid_at', '>=', since(now, days))
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const round = (v: string | undefined) => (v === undefined ? null : Math.round(Number(v) * 10) / 10);
  return chartDays(now, days).map((day) => {
    const r = byDay.get(day);
    return { day, paid: r ? Number(r.n) : 0, medianMinutes: round(r?.median), p95Minutes: round(r?.p95) };
  });
}

/** A player's available balance at the end of each UTC day (carried over days without movement), from the ledger journal. */
export async function dailyBalances(db: Kysely<Database>, account: string, now: Date, days: number): Promise<{ day: string; balance: string }[]> {
  const from = since(now, days);
  const opening = await db.selectFrom('ledger_entries').select(sql<string>`coalesce(sum(amount), 0)::text`.as('total')).where('account', '=', account).where('recorded_at', '<', from).executeTakeFirst();
  const moves = await db
    .selectFrom('ledger_entries')
    .select([sql<string>`to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), sql<string>`sum(amount)::text`.as('delta')])
    .where('account', '=', account)
    .where('recorded_at', '>=', from)
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(moves.map((m) => [m.day, m.delta]));
  // Cents as bigint: exact sums without a float.
  let cents = toCents(opening?.total ?? '0');
  return chartDays(now, days).map((day) => {
    cents += toCents(byDay.get(day) ?? '0');
    return { day, balance: fromCents(cents) };
  });
}

function toCents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -value : value;
}

function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
