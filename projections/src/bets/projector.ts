import { sql, type Kysely, type Transaction } from 'kysely';
import { ERASED_VALUE, foldStream, type RecordedEvent } from '@wager/domain';
import { APPEAL_WINDOW_MS, BET_EVENT_TYPES, type BetEvent } from '@wager/domain/bets/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import type { BetRow, BetsTable } from './bets.table.js';
import { formatAmount } from '@wager/domain/money/index';
import { chunksFor, insertRows, unnestRows } from '../batch.js';

type Db = Transaction<Database> | Kysely<Database>;
type Changes = Partial<{ [K in keyof BetsTable]: unknown }>;
type Deadline = { kind: 'expire' | 'void' | 'settle_uncontested'; dueAt: string } | 'none' | 'keep';

/**
 * The `bets` read model and the scheduler's `bet_deadlines`. Idempotent by stream revision: a
 * row remembers the revision of the last event applied, and an event at or below it is skipped.
 * `applyBatch` (below) does the same for a whole batch in one statement per kind of write.
 */
export const betsProjector: Projector = {
  name: 'bets',
  tables: ['bets', 'bet_deadlines'],
  eventTypes: [...BET_EVENT_TYPES, 'PersonErased'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    if (recorded.type === 'PersonErased') return eraseFromBets(db, (recorded.data as { userId: string }).userId);
    const event = { type: recorded.type, data: recorded.data } as BetEvent;
    const revision = recorded.streamRevision;
    if (event.type === 'BetCreationAbandoned') return;
    if (event.type === 'BetCreated') {
      const d = event.data;
      const inserted = await db
        .insertInto('bets')
        .values(createdRow(d, revision))
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      // Only a new bet gets its expiry: a repeated BetCreated must not bring back a deadline its later events removed.
      if (inserted) await setDeadline(db, d.betId, { kind: 'expire', dueAt: d.expiresAt }, revision);
      return;
    }
    const row = await db.selectFrom('bets').select(['id', 'challenger_id', 'revision']).where('id', '=', event.data.betId).executeTakeFirst();
    if (!row || row.revision >= revision) return;
    const [changes, deadline] = changesOf(event, row.challenger_id);
    await db
      .updateTable('bets')
      .set({ ...(changes as object), revision })
      .where('id', '=', row.id)
      .execute();
    await setDeadline(db, row.id, deadline, revision);
  },
  applyBatch,
};

/** Every column an event after BetCreated may change (see `changesOf`), and the revision. */
const CHANGED_COLUMNS = [
  'status', 'opponent_id', 'accepted_at', 'expires_at', 'updated_at', 'challenger_result', 'challenger_evidence', 'opponent_result', 'opponent_evidence',
  'contest_deadline_at', 'dispute_reason', 'admin_notes', 'resolved_by', 'actual_winner', 'settled_at', 'settled_by', 'void_reason', 'appeal_deadline_at',
  'appeal_status', 'appellant_id', 'appeal_reason', 'appealed_at', 'appeal_decided_by', 'appeal_decided_at', 'appeal_notes', 'revision',
] as const;
const JSON_COLUMNS: readonly string[] = ['challenger_evidence', 'opponent_evidence'];

type DeadlineRow = { kind: 'expire' | 'void' | 'settle_uncontested'; due_at: Date | string; revision: number } | null;

/** The batch in order: the bet events between two erasures at once, each erasure in its place. */
async function applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  let from = 0;
  for (const [i, recorded] of events.entries()) {
    if (recorded.type !== 'PersonErased') continue;
    await applyBetBatch(db, events.slice(from, i));
    await eraseFromBets(db, (recorded.data as { userId: string }).userId);
    from = i + 1;
  }
  await applyBetBatch(db, events.slice(from));
}

/**
 * A person's erasure (docs/architecture.md, "Personal data and erasure"): what they wrote into
 * their bets (`PERSONAL_FIELDS`: the platform username of the bets they created, the names of the
 * evidence files they uploaded, their appeals' reasons) reads `[erased]`, as their sealed fields
 * do in the log from now on, so a rebuild gives the same rows. Amounts, states and outcomes stay.
 */
async function eraseFromBets(db: Db, userId: string): Promise<void> {
  const erasedNames = (column: 'challenger_evidence' | 'opponent_evidence') =>
    sql<string>`coalesce((select jsonb_agg(case when jsonb_typeof(f -> 'filename') = 'string' then f || jsonb_build_object('filename', ${ERASED_VALUE}::text) else f end order by n) from jsonb_array_elements(${sql.ref(column)}) with ordinality as e(f, n)), '[]'::jsonb)`;
  await db
    .updateTable('bets')
    .set({ challenger_evidence: erasedNames('challenger_evidence'), platform_username: sql<string | null>`case when platform_username is null then null else ${ERASED_VALUE}::text end` })
    .where('challenger_id', '=', userId)
    .execute();
  await db.updateTable('bets').set({ opponent_evidence: erasedNames('opponent_evidence') }).where('opponent_id', '=', userId).execute();
  await db.updateTable('bets').set({ appeal_reason: ERASED_VALUE }).where('appellant_id', '=', userId).where('appeal_reason', 'is not', null).execute();
}

/**
 * The batch in memory first: the bets and deadlines it touches are read in one statement each,
 * the events folded in order with the same rules as `apply` (revision guard, a later change of a
 * column wins, a deadline moves only forward in revision), then written in one statement per
 * kind of change: new bets, changed bets (`jsonb_populate_record` over the row, so each bet
 * changes only the columns its events set), deadlines removed, deadlines set.
 */
async function applyBetBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  const betIds = [...new Set(events.map((e) => (e.data as { betId?: unknown }).betId).filter((id): id is string => typeof id === 'string'))];
  if (betIds.length === 0) return;
  const [stored, storedDeadlines] = [
    await db.selectFrom('bets').select(['id', 'challenger_id', 'revision']).where('id', 'in', betIds).execute(),
    await db.selectFrom('bet_deadlines').select(['bet_id', 'kind', 'due_at', 'revision']).where('bet_id', 'in', betIds).execute(),
  ];
  const current = new Map(stored.map((r) => [r.id, { challengerId: r.challenger_id, revision: r.revision }]));
  const deadlines = new Map<string, DeadlineRow>(storedDeadlines.map((d) => [d.bet_id, d]));
  const created = new Map<string, Record<string, unknown>>();
  const updated = new Map<string, Record<string, unknown>>();
  const deadlinesChanged = new Set<string>();
  const setDeadlineIn = (betId: string, deadline: Deadline, revision: number): void => {
    if (deadline === 'keep') return;
    const row = deadlines.get(betId);
    if (deadline !== 'none' && row && row.revision >= revision) return;
    deadlines.set(betId, deadline === 'none' ? null : { kind: deadline.kind, due_at: deadline.dueAt, revision });
    deadlinesChanged.add(betId);
  };
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as BetEvent;
    const revision = recorded.streamRevision;
    if (event.type === 'BetCreationAbandoned') continue;
    if (event.type === 'BetCreated') {
      const d = event.data;
      if (!current.has(d.betId)) {
        created.set(d.betId, createdRow(d, revision));
        current.set(d.betId, { challengerId: d.challengerId, revision });
        setDeadlineIn(d.betId, { kind: 'expire', dueAt: d.expiresAt }, revision);
      }
      continue;
    }
    const betId = event.data.betId;
    const row = current.get(betId);
    if (!row || row.revision >= revision) continue;
    const [changes, deadline] = changesOf(event, row.challengerId);
    row.revision = revision;
    const target = created.get(betId) ?? updated.get(betId) ?? {};
    Object.assign(target, changes, { revision });
    if (!created.has(betId)) updated.set(betId, target);
    setDeadlineIn(betId, deadline, revision);
  }
  await writeBets(db, created, updated);
  await writeDeadlines(db, deadlinesChanged, deadlines);
}

async function writeBets(db: Db, created: Map<string, Record<string, unknown>>, updated: Map<string, Record<string, unknown>>): Promise<void> {
  // A multi-row VALUES (rows differ in the columns their later events set; the others take their defaults), cut to the parameter limit.
  for (const rows of chunksFor([...created.values()], CHANGED_COLUMNS.length + 18)) {
    await db
      .insertInto('bets')
      .values(rows as never)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  if (updated.size === 0) return;
  // jsonb_populate_record takes JSON values: the evidence columns go as JSON, not as JSON text.
  const rows = [...updated.entries()].map(([id, changes]) => ({
    id,
    changes: Object.fromEntries(Object.entries(changes).map(([column, value]) => [column, JSON_COLUMNS.includes(column) ? JSON.parse(value as string) : value])),
  }));
  const columns = sql.join(CHANGED_COLUMNS.map((c) => sql.id(c)));
  const fromRecord = sql.join(CHANGED_COLUMNS.map((c) => sql.ref(`r.${c}`)));
  await sql`
    update bets set (${columns}) = (select ${fromRecord} from jsonb_populate_record(bets, input.changes) r)
    from ${unnestRows(rows, [['id', 'uuid'], ['changes', 'jsonb']])}
    where bets.id = input.id
  `.execute(db);
}

async function writeDeadlines(db: Db, changed: Set<string>, deadlines: Map<string, DeadlineRow>): Promise<void> {
  const removed = [...changed].filter((id) => !deadlines.get(id));
  const set = [...changed].flatMap((id) => {
    const d = deadlines.get(id);
    return d ? [{ bet_id: id, kind: d.kind, due_at: d.due_at, revision: d.revision }] : [];
  });
  if (removed.length > 0) await db.deleteFrom('bet_deadlines').where('bet_id', 'in', removed).execute();
  if (set.length > 0) {
    const columns = [['bet_id', 'uuid'], ['kind', 'text'], ['due_at', 'timestamptz'], ['revision', 'integer']] as const;
    await insertRows('bet_deadlines', set, columns, sql`on conflict (bet_id) do update set kind = excluded.kind, due_at = excluded.due_at, revision = excluded.revision`).execute(db);
  }
}

type Created = Extract<BetEvent, { type: 'BetCreated' }>['data'];

/** Columns no event of creation sets: null until a later event sets them. */
const NULL_COLUMNS = [
  'actual_winner', 'challenger_result', 'opponent_result', 'dispute_reason', 'accepted_at', 'contest_deadline_at', 'settled_at', 'settled_by', 'void_reason',
  'admin_notes', 'resolved_by', 'appeal_deadline_at', 'appeal_status', 'appellant_id', 'appeal_reason', 'appealed_at', 'appeal_decided_by', 'appeal_decided_at', 'appeal_notes',
] as const;
const TIMESTAMP_COLUMNS = ['created_at', 'updated_at', 'expires_at', 'accepted_at', 'contest_deadline_at', 'settled_at', 'appeal_deadline_at', 'appealed_at', 'appeal_decided_at'] as const;

/**
 * The bet's row as this projector would write it, folded in memory from the bet's own stream
 * (its events in revision order), with the same rules (`createdRow`, `changesOf`). A command's
 * answer is built from it: the bet as its events make it, with no wait for the read model
 * (docs/api.md, "Consistency tokens"). Null when the stream holds no created bet.
 */
export function betRowOf(events: readonly RecordedEvent[]): BetRow | null {
  return foldStream(betRowFolder, events).row;
}

/** A bet's row folded from its stream so far, and the stream revision of the last event folded (-1 before any). */
export interface BetRowFold {
  readonly row: BetRow | null;
  readonly revision: number;
}

/**
 * `betRowOf` one event at a time, as a folder a snapshot cache can hold (`SnapshotCache`): a
 * command's answer folds the events it appended onto the row it last answered with instead of
 * reading the stream again. Pure: each event gives a new row (the one given is never changed).
 * A stream whose first event is not BetCreated folds to null for good.
 */
export const betRowFolder = {
  initialState: (): BetRowFold => ({ row: null, revision: -1 }),
  evolve(state: BetRowFold, event: { type: string; data: unknown }): BetRowFold {
    const revision = state.revision + 1;
    if (state.revision < 0) return { row: event.type === 'BetCreated' ? createdBetRow(event.data as Created) : null, revision };
    const bet = event as BetEvent;
    if (!state.row || bet.type === 'BetCreated' || bet.type === 'BetCreationAbandoned') return { row: state.row, revision };
    const [changes] = changesOf(bet, state.row.challenger_id);
    const row: Record<string, unknown> = { ...state.row, revision };
    for (const [column, value] of Object.entries(changes)) row[column] = JSON_COLUMNS.includes(column) ? JSON.parse(value as string) : value;
    return { row: withDates(row), revision };
  },
};

function createdBetRow(created: Created): BetRow {
  return withDates({
    ...Object.fromEntries(NULL_COLUMNS.map((c) => [c, null])),
    ...createdRow(created, 0),
    amount: formatAmount(created.amount),
    fee_amount: formatAmount(created.feeAmount),
    match_rules: created.matchRules,
    rules: created.rules,
    challenger_evidence: [],
    opponent_evidence: [],
  });
}

/** The timestamp columns as dates (the events carry them as ISO strings), as the read model returns them. */
function withDates(row: Record<string, unknown>): BetRow {
  for (const column of TIMESTAMP_COLUMNS) if (typeof row[column] === 'string') row[column] = new Date(row[column] as string);
  return row as unknown as BetRow;
}

function createdRow(d: Created, revision: number) {
  return {
    id: d.betId,
    game_type: d.gameType,
    amount: d.amount,
    fee_amount: d.feeAmount,
    currency: d.currency,
    status: 'pending',
    challenger_id: d.challengerId,
    invited_opponent_id: d.invitedOpponentId,
    opponent_id: d.invitedOpponentId,
    invite_link_id: d.inviteLinkId,
    visibility: d.visibility,
    platform_username: d.platformUsername,
    match_rules: JSON.stringify(d.matchRules),
    custom_rules_enabled: d.customRulesEnabled,
    rules: JSON.stringify(d.rules),
    created_at: d.createdAt,
    updated_at: d.createdAt,
    expires_at: d.expiresAt,
    revision,
  };
}

function changesOf(event: Exclude<BetEvent, { type: 'BetCreated' | 'BetCreationAbandoned' }>, challengerId: string): [Changes, Deadline] {
  switch (event.type) {
    case 'BetAccepted': {
      const d = event.data;
      return [{ status: 'accepted', opponent_id: d.opponentId, accepted_at: d.acceptedAt, expires_at: d.deadlineAt, updated_at: d.acceptedAt }, { kind: 'void', dueAt: d.deadlineAt }];
    }
    case 'BetCancelled':
      return [{ status: 'cancelled', updated_at: event.data.cancelledAt }, 'none'];
    case 'BetExpired':
      return [{ status: 'expired', updated_at: event.data.expiredAt }, 'none'];
    case 'BetResultReported': {
      const d = event.data;
      const side = d.reporterId === challengerId ? 'challenger' : 'opponent';
      return [
        { [`${side}_result`]: d.result, [`${side}_evidence`]: JSON.stringify(d.evidence), contest_deadline_at: d.contestDeadlineAt, updated_at: d.reportedAt },
        { kind: 'settle_uncontested', dueAt: d.contestDeadlineAt },
      ];
    }
    case 'BetDisputed':
      return [{ status: 'disputed', dispute_reason: event.data.reason, updated_at: event.data.disputedAt }, 'none'];
    case 'DisputeResolved': {
      const d = event.data;
      const appealDeadlineAt = new Date(Date.parse(d.resolvedAt) + APPEAL_WINDOW_MS).toISOString();
      return [{ admin_notes: d.adminNotes, resolved_by: d.adminId, appeal_deadline_at: appealDeadlineAt, updated_at: d.resolvedAt }, 'keep'];
    }
    case 'BetSettled': {
      const d = event.data;
      return [{ status: 'completed', actual_winner: d.winnerId, settled_at: d.settledAt, settled_by: d.settledBy, updated_at: d.settledAt }, 'none'];
    }
    case 'BetVoided':
      return [{ status: 'voided', void_reason: event.data.reason, settled_at: event.data.voidedAt, updated_at: event.data.voidedAt }, 'none'];
    case 'AppealFiled': {
      const d = event.data;
      return [{ appeal_status: 'open', appellant_id: d.appellantId, appeal_reason: d.reason, appealed_at: d.filedAt, updated_at: d.filedAt }, 'keep'];
    }
    case 'AppealDecided': {
      const d = event.data;
      const decided = { appeal_status: d.outcome, appeal_decided_by: d.adminId, appeal_decided_at: d.decidedAt, appeal_notes: d.notes, updated_at: d.decidedAt };
      if (d.outcome === 'upheld') return [decided, 'keep'];
      // The overturn's outcome is the bet's outcome from now on.
      const outcome = d.winnerId === null ? { status: 'voided', actual_winner: null, void_reason: 'appeal', settled_by: null } : { status: 'completed', actual_winner: d.winnerId, void_reason: null, settled_by: 'appeal' };
      return [{ ...decided, ...outcome, settled_at: d.decidedAt }, 'keep'];
    }
    case 'AppealFeesAdjusted':
      return [{}, 'keep'];
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

async function setDeadline(db: Db, betId: string, deadline: Deadline, revision: number): Promise<void> {
  if (deadline === 'keep') return;
  if (deadline === 'none') {
    await db.deleteFrom('bet_deadlines').where('bet_id', '=', betId).execute();
    return;
  }
  // A second report keeps the first report's contest deadline (the decider does the same).
  await db
    .insertInto('bet_deadlines')
    .values({ bet_id: betId, kind: deadline.kind, due_at: deadline.dueAt, revision })
    .onConflict((oc) => oc.column('bet_id').doUpdateSet({ kind: deadline.kind, due_at: deadline.dueAt, revision }).where('bet_deadlines.revision', '<', revision))
    .execute();
}
