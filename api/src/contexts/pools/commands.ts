import { decidedAt, ConflictError, DomainError, ValidationError, commandIntentKey, foldStream, type Position, type StreamPart } from '@wager/domain';
import {
  PoolWalletsUnread,
  decideCreateWithEntry,
  decideJoinWithEntry,
  decideMoves,
  decidePoolMoney,
  joinRefusal,
  owedMoves,
  poolDecider,
  poolMessages,
  poolStepId,
  poolStreamId,
  repairEntry,
  walletsToRead,
  windowPoints,
  gameweekScores,
  type GameweekFacts,
  type PoolCommand,
  type PoolEvent,
  type PoolMoneyCommand,
  type PoolMoneyMove,
  type PoolSettings,
  type EntryMove,
  type PoolState,
} from '@wager/domain/pools/index';
import { deterministicId, walletDecider, walletStreamId, type StakeTerms, type WalletEvent, type WalletState } from '@wager/domain/wallet/index';
import { releaseStake, stakeTerms } from '../wallet/index.js';
import { findPoolByInviteCode } from '@wager/projections/pools/queries';
import type { AppDeps } from '../../deps.js';
import { fplClientFor, FplUnavailableError, gameweekOf, type FplClient, type FplGameweek } from '../../adapters/fpl/index.js';
import { runCommand, runMultiStreamCommand } from '../../runtime/command-pipeline.js';

export interface PoolOutcome {
  readonly state: PoolState;
  readonly events: PoolEvent[];
  /** The position of the command's one append (for read-your-writes), or of what it read when it decided nothing; null for no stream. */
  readonly position: Position | null;
}

/** 502: FPL did not answer usefully; nothing was written, the call can be retried. */
export class FplServiceError extends DomainError {
  constructor() {
    super(502, 'FPL data is not available right now. Please try again in a moment.', { code: 'fpl_unavailable' });
  }
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_ATTEMPTS_MAX = 5;

/** The wallet part of a pool's multi-stream decision: its events get the pool step's deterministic ids (the ids the earlier saga gave the same moves). */
function walletPart(poolId: string, userId: string): StreamPart<WalletState, WalletEvent> {
  const step = (e: WalletEvent) => (e.type === 'StakeLocked' ? 'lock' : e.type === 'StakeReleased' ? 'release' : e.type === 'PayoutCredited' ? 'payout' : e.type);
  return {
    streamId: walletStreamId(userId),
    decider: walletDecider,
    eventIds: (events) => {
      const first = poolStepId(poolId, step(events[0]!), userId);
      return events.map((_, i) => (i === 0 ? first : deterministicId(first, String(i))));
    },
  };
}

const walletKey = (userId: string) => `wallet:${userId}`;

/** The decisions pick wallets before reading them; a pool that changed meanwhile may need others: read again, this many times at most. */
const WALLET_SET_ATTEMPTS_MAX = 5;

/**
 * The pool commands (docs/architecture.md, "One command, one transaction"). Every command that
 * moves money is one decision over the pool and every wallet it touches, appended once: joining
 * (and creating with the creator's team) locks the entry with it; cancelling refunds every entry
 * with it; settling pays every winner with it. No follow-up, process manager or reconciler stands
 * behind them; FPL is asked before a decision, never during one.
 */
export class PoolCommands {
  constructor(
    private readonly deps: AppDeps,
    readonly fpl: FplClient = fplClientFor(deps),
  ) {}

  async state(poolId: string): Promise<PoolState> {
    return foldStream(poolDecider, await this.deps.store.readStream(poolStreamId(poolId)));
  }

  /** Decides and appends one pool command (retried on a concurrent writer, re-decided on fresh state). */
  async execute(command: PoolCommand, actor: string): Promise<PoolOutcome> {
    const poolId = command.data.poolId;
    const key = commandIntentKey(command.type, command.data);
    const result = await runCommand(this.deps, {
      streamId: poolStreamId(poolId),
      decider: poolDecider,
      command: { ...command, metadata: { ...command.metadata, actor } } as PoolCommand,
      eventIds: (events, revision) => events.map((e, i) => poolStepId(poolId, String(revision + 1 + i), e.type, key)),
    });
    return { state: result.state, events: result.events, position: decidedAt(result) };
  }

  async calendar(): Promise<FplGameweek[]> {
    try {
      return await this.fpl.calendar();
    } catch (error) {
      if (error instanceof FplUnavailableError) throw new FplServiceError();
      throw error;
    }
  }

  private async gameweek(id: number): Promise<GameweekFacts> {
    const gw = gameweekOf(await this.calendar(), id);
    if (!gw) throw new ValidationError(poolMessages.startGameweekRange, { field: 'startGameweek' });
    return { id: gw.id, deadlineAt: gw.deadlineAt, finished: gw.finished, dataChecked: gw.dataChecked };
  }

  /** The team behind an FPL id, or a clear 400 when FPL knows no such team. */
  async team(fplTeamId: number): Promise<{ fplTeamId: number; fplTeamName: string }> {
    let team;
    try {
      team = await this.fpl.team(fplTeamId);
    } catch (error) {
      if (error instanceof FplUnavailableError) throw new FplServiceError();
      throw error;
    }
    if (!team) throw new ValidationError(poolMessages.fplTeamNotFound, { code: 'fpl_team_not_found', field: 'fplTeamId' });
    return { fplTeamId: team.id, fplTeamName: team.name };
  }

  /** A fresh 8-character invite code no pool uses (32^8 codes; checked against the read model). */
  private async inviteCode(): Promise<string> {
    for (let i = 0; i < INVITE_CODE_ATTEMPTS_MAX; i++) {
      // 8 × 5 bits of a fresh id (ids come from deps.ids, never drawn here: tests inject them).
      let bits = BigInt(`0x${this.deps.ids.uuid().replace(/-/g, '').slice(-12)}`);
      const code = Array.from({ length: 8 }, () => {
        const char = INVITE_ALPHABET[Number(bits & 31n)];
        bits >>= 5n;
        return char;
      }).join('');
      if (!(await findPoolByInviteCode(this.deps.db, code))) return code;
    }
    throw new Error('could not draw an unused invite code');
  }

  /** The pool's and the player's wallet's events of one command, decided together and appended in one transaction. */
  private async moveEntry(
    poolId: string,
    userId: string,
    command: PoolCommand,
    decide: (terms: StakeTerms, states: { pool: PoolState; wallet: WalletState }) => EntryMove,
  ): Promise<PoolOutcome> {
    const terms = await stakeTerms(this.deps, userId);
    const key = commandIntentKey(command.type, command.data);
    const result = await runMultiStreamCommand(this.deps, {
      parts: {
        // In $all the lock comes first, then the pool's events.
        wallet: walletPart(poolId, userId),
        pool: { streamId: poolStreamId(poolId), decider: poolDecider, eventIds: (events: PoolEvent[], revision: number) => events.map((e, i) => poolStepId(poolId, String(revision + 1 + i), e.type, key)) },
      },
      decide: (states) => decide(terms, states),
      metadata: { ...command.metadata, actor: userId },
    });
    return { state: result.states.pool, events: result.events.pool, position: decidedAt(result) };
  }

  /** POST /api/fpl/pools: with a team, the pool, the creator's entry and its lock in one transaction. */
  async create(input: { poolId: string; creatorId: string; settings: PoolSettings; fplTeamId: number | null }): Promise<PoolOutcome> {
    const startGameweek = await this.gameweek(input.settings.startGameweek);
    const creatorEntry = input.fplTeamId === null ? null : await this.team(input.fplTeamId);
    const command = {
      type: 'CreatePool' as const,
      data: { poolId: input.poolId, creatorId: input.creatorId, inviteCode: await this.inviteCode(), currency: this.deps.config.WALLET_CURRENCY, settings: input.settings, startGameweek, creatorEntry },
      metadata: { now: this.deps.clock.now() },
    };
    if (!creatorEntry) return this.execute(command, input.creatorId);
    return this.moveEntry(input.poolId, input.creatorId, command, (terms, states) => decideCreateWithEntry(command, terms, states));
  }

  /**
   * Join: the entry and its lock in one transaction. The pool's rules are asked first (full,
   * closed, twice…) only to spare FPL a question whose answer could not change the refusal;
   * no money moves before the one decision.
   */
  async join(input: { poolId: string; userId: string; fplTeamId: number }): Promise<PoolOutcome> {
    const before = await this.state(input.poolId);
    if (!('pool' in before)) throw new DomainError(404, poolMessages.poolNotFound, { code: 'pool_not_found' });
    const { deadlineAt } = await this.gameweek(before.pool.startGameweek);
    const early = joinRefusal(before, input.userId, input.fplTeamId, this.deps.clock.now(), deadlineAt);
    if (early) throw new ConflictError(early);
    const entry = await this.team(input.fplTeamId);
    const command = { type: 'JoinPool' as const, data: { poolId: input.poolId, userId: input.userId, entry, firstDeadlineAt: deadlineAt }, metadata: { now: this.deps.clock.now() } };
    return this.moveEntry(input.poolId, input.userId, command, (terms, states) => decideJoinWithEntry(command, terms, states));
  }

  async cancel(poolId: string, userId: string): Promise<PoolOutcome> {
    const state = await this.state(poolId);
    if (!('pool' in state)) throw new DomainError(404, poolMessages.poolNotFound, { code: 'pool_not_found' });
    const { deadlineAt } = await this.gameweek(state.pool.startGameweek);
    return this.moveMoney({ type: 'CancelPool', data: { poolId, userId, firstDeadlineAt: deadlineAt }, metadata: { now: this.deps.clock.now() } }, userId);
  }

  /**
   * The calendar job's step for one pool: start it (or cancel it under 2 entries) at the first
   * deadline; while it runs, record the live standings; once its last gameweek is finished and
   * data_checked, settle it. Each command is a no-op when the pool moved on meanwhile.
   */
  async tick(poolId: string): Promise<string> {
    const state = await this.state(poolId);
    if (!('pool' in state)) return 'missing';
    const calendar = await this.calendar();
    const now = this.deps.clock.now();
    const first = gameweekOf(calendar, state.pool.startGameweek);
    if (state.status === 'open') {
      if (!first) return 'waiting';
      const outcome = await this.moveMoney({ type: 'StartPool', data: { poolId, firstDeadlineAt: first.deadlineAt }, metadata: { now } }, 'system');
      if (outcome.state.status !== 'ongoing') return outcome.state.status;
    }
    return this.followPool(poolId, calendar);
  }

  private async followPool(poolId: string, calendar: readonly FplGameweek[]): Promise<string> {
    const state = await this.state(poolId);
    if (!('pool' in state) || state.status !== 'ongoing') return state.status;
    const { startGameweek, endGameweek } = state.pool;
    const now = this.deps.clock.now();
    const started = calendar.filter((g) => Date.parse(g.deadlineAt) <= now.getTime()).reduce((max, g) => Math.max(max, g.id), 0);
    const through = Math.min(endGameweek, started);
    if (through < startGameweek) return 'ongoing';
    const histories: Record<string, Awaited<ReturnType<FplClient['history']>>> = {};
    try {
      for (const p of state.participants) histories[String(p.fplTeamId)] = await this.fpl.history(p.fplTeamId);
    } catch (error) {
      if (error instanceof FplUnavailableError) return 'fpl-unavailable';
      throw error;
    }
    const end = gameweekOf(calendar, endGameweek);
    if (end?.finished && end.dataChecked) {
      const command: PoolMoneyCommand = { type: 'SettlePool', data: { poolId, endGameweek: { id: end.id, deadlineAt: end.deadlineAt, finished: end.finished, dataChecked: end.dataChecked }, histories }, metadata: { now } };
      await this.moveMoney(command, 'system');
      return 'completed';
    }
    // Each entry's total and its per-gameweek breakdown (issue #29), from the same history rows.
    const standings = state.participants.map((p) => {
      const history = histories[String(p.fplTeamId)] ?? [];
      return { userId: p.userId, fplTeamId: p.fplTeamId, totalPoints: windowPoints(history, startGameweek, through), gameweeks: gameweekScores(history, startGameweek, through) };
    });
    await this.execute({ type: 'UpdateStandings', data: { poolId, throughGameweek: through, standings }, metadata: { now } }, 'system');
    return 'ongoing';
  }

  /**
   * Cancel, start or settle: the pool's events and every refund or payout they owe, decided once
   * over the pool and the wallets they credit and appended in one transaction (N wallets, one
   * `appendToStreams`). The wallets are chosen from the pool as read; when the pool changed before
   * the decision (a join just before a cancel), the decision names the wallets it lacks and is
   * made again over them.
   */
  async moveMoney(command: PoolMoneyCommand, actor: string): Promise<PoolOutcome> {
    const poolId = command.data.poolId;
    const key = commandIntentKey(command.type, command.data);
    for (let attempt = 1; ; attempt++) {
      const users = walletsToRead(command, await this.state(poolId));
      try {
        return await this.decideOverWallets(poolId, users, (states) => decidePoolMoney(command, states), { ...command.metadata, actor }, key);
      } catch (error) {
        if (!(error instanceof PoolWalletsUnread) || attempt >= WALLET_SET_ATTEMPTS_MAX) throw error;
      }
    }
  }

  private async decideOverWallets(
    poolId: string,
    users: readonly string[],
    decide: (states: { pool: PoolState; wallets: Record<string, WalletState> }) => PoolMoneyMove,
    metadata: PoolCommand['metadata'],
    key: string,
  ): Promise<PoolOutcome> {
    const parts: Record<string, StreamPart<any, any>> = {
      pool: { streamId: poolStreamId(poolId), decider: poolDecider, eventIds: (events: PoolEvent[], revision: number) => events.map((e, i) => poolStepId(poolId, String(revision + 1 + i), e.type, key)) },
    };
    for (const user of users) parts[walletKey(user)] = walletPart(poolId, user);
    const result = await runMultiStreamCommand(this.deps, {
      parts,
      decide: (states: Record<string, unknown>) => {
        const wallets = Object.fromEntries(users.map((u) => [u, states[walletKey(u)] as WalletState]));
        const move = decide({ pool: states.pool as PoolState, wallets });
        return { pool: move.pool, ...Object.fromEntries(Object.entries(move.wallets).map(([u, events]) => [walletKey(u), events])) };
      },
      metadata,
    });
    return { state: result.states.pool as PoolState, events: result.events.pool as PoolEvent[], position: decidedAt(result) };
  }

  /**
   * Repair of a log written by the earlier saga (domain repair.ts): a stray entry lock goes back
   * once the pool can no longer take that player; an ended pool's missing refunds or payouts are
   * decided again, all in one append. On logs written since, the scan behind this finds nothing.
   */
  async repairEntry(poolId: string, userId: string): Promise<string> {
    const state = await this.state(poolId);
    const now = this.deps.clock.now();
    const step = repairEntry(state, userId, now);
    switch (step.kind) {
      case 'release':
        await releaseStake(this.deps, { eventId: poolStepId(poolId, 'release', userId), userId, holdId: poolId, reason: step.reason, now });
        return 'released';
      case 'owed': {
        const moves = owedMoves(state);
        await this.decideOverWallets(poolId, [...new Set(moves.map((m) => m.userId))], (states) => ({ pool: [], wallets: decideMoves(owedMoves(states.pool), states.wallets, now) }), { now, actor: 'system' }, 'repair');
        return 'repaired';
      }
      case 'nothing':
        return 'nothing-to-do';
      default: {
        const unexpected: never = step;
        throw new Error(`unknown repair ${JSON.stringify(unexpected)}`);
      }
    }
  }
}
