import { decidedAt, commandIntentKey, latestPosition, type Position } from '@wager/domain';
import {
  CONTEST_WINDOW_MS_DEFAULT,
  PENDING_TTL_MS_DEFAULT,
  PLAY_DEADLINE_MS_DEFAULT,
  betDecider,
  betStreamId,
  type AcceptVia,
  type BetCommand,
  type BetEvent,
  type BetResult,
  type BetState,
  type CreateChallenge,
  type EvidenceFile,
  decideAcceptWithStake,
  decideBetWithMoney,
  decideCreateWithStake,
  followUpsOf,
  walletsOfBetCommand,
  UnreadWalletError,
  type BetFollowUp,
  type StakeMove,
  type StakeTerms,
  betStepId,
  APPEAL_WINDOW_MS,
  type AppealOutcome,
} from '@wager/domain/bets/index';
import { SnapshotCache, readStreamState, type AppendResult, type MultiStreamResult, type StreamPart, type StreamParts } from '@wager/domain';
import { betRowFolder, type BetRowFold } from '@wager/projections/bets/projector';
import type { BetRow } from '@wager/projections/bets/bets.table';
import { deterministicId, walletDecider, walletStreamId, type WalletEvent, type WalletState } from '@wager/domain/wallet/index';
import { chatDecider, chatIdOfBet, chatStreamId, type ChatEvent, type ChatState } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import { commandSnapshots, runCommand, runMultiStreamCommand, streamState } from '../../runtime/command-pipeline.js';
import { stakeTerms } from '../wallet/index.js';
import { withStakeToast } from './wallet-steps.js';
import { perBus } from '../../runtime/per-bus.js';
import { betParties } from './parties.js';
import { SESSIONS_ENDED_SUBJECT } from '../../plugins/sessions.js';

export interface BetTimings {
  readonly pendingTtlMs: number;
  readonly playDeadlineMs: number;
  readonly contestWindowMs: number;
}

/** The configurable windows: BET_PLAY_DEADLINE_HOURS and BET_CONTEST_WINDOW_HOURS (24 h each by default). */
export function betTimings(config: AppDeps['config']): BetTimings {
  const ms = (hours: number | undefined, fallbackMs: number) => (hours && hours > 0 ? Math.round(hours * 3600_000) : fallbackMs);
  return { pendingTtlMs: PENDING_TTL_MS_DEFAULT, playDeadlineMs: ms(config.BET_PLAY_DEADLINE_HOURS, PLAY_DEADLINE_MS_DEFAULT), contestWindowMs: ms(config.BET_CONTEST_WINDOW_HOURS, CONTEST_WINDOW_MS_DEFAULT) };
}

export interface BetOutcome {
  readonly state: BetState;
  readonly events: BetEvent[];
  /** The last position written by the command (and the chat it opened), for read-your-writes, or null. */
  readonly position: Position | null;
  /** The bet stream's own append when the command wrote its events now (null when it wrote nothing or repeated stored ones). */
  readonly appended: AppendResult | null;
}

/**
 * The bet rows commands answered with (`betRowFolder`, by stream revision), one cache per app
 * (its bus). Forgotten whole when a person is erased (the `PersonErased` event, and the
 * `sessions.ended` signal the erasure sends once their key is gone): the rows hold opened
 * personal fields (a platform username, evidence file names, an appeal's reason) that read
 * `[erased]` from then on.
 */
const answeredRowsOf = perBus((bus) => {
  const rows = new SnapshotCache();
  bus.subscribe('events.user.*', (message) => {
    if (message.event.type === 'PersonErased') rows.clear();
  });
  bus.onSignal(SESSIONS_ENDED_SUBJECT, (data) => {
    if (typeof data.userId === 'string') rows.clear();
  });
  return rows;
});

/** The bet stream's own append result (null when the command wrote nothing to it, or repeated stored events). */
function betAppendOf<P extends StreamParts>(result: MultiStreamResult<P>): AppendResult | null {
  return result.appended['bet'] ?? null;
}

/** The chat an accepted bet has (spec section 4), decided on the chat as read: its creation, or nothing when it exists or the bet has no opponent. */
function chatOf(bet: BetState, chat: ChatState, now: Date): ChatEvent[] {
  if (!('bet' in bet) || bet.opponentId === null) return [];
  const chatId = chatIdOfBet(bet.bet.betId);
  return chatDecider.decide({ type: 'CreateChat', data: { chatId, betId: bet.bet.betId, participant1Id: bet.bet.challengerId, participant2Id: bet.opponentId }, metadata: { now, actor: 'system' } }, chat);
}

/** Reads of the bet before a command that moves money gives up naming its wallets (each read newer than the last). */
const WALLET_PLAN_ATTEMPTS_MAX = 3;

/** The business step a wallet event of a bet command completes; an appeal debt collected from the payout or the appeal credit is keyed by that credit. */
function walletStep(e: WalletEvent): string | null {
  switch (e.type) {
    case 'StakeReleased':
      return 'release';
    case 'PayoutCredited':
      return 'payout';
    case 'AppealDebited':
    case 'AppealCredited':
      return 'appeal';
    case 'ReceivableCollected':
      return e.data.source === 'payout' ? 'payout/collect' : e.data.source === 'appeal_credit' ? 'appeal/collect' : null;
    default:
      return null;
  }
}

/** The deterministic ids of the wallet events a bet command decides (one per (bet, player, kind), as the saga era's). */
function walletEventIds(betId: string, userId: string, key: string): (events: WalletEvent[]) => string[] {
  return (events) => events.map((e, i) => betStepId(betId, walletStep(e) ?? `${key}/${i}`, userId));
}

/**
 * The bet commands (docs/architecture.md, "One command, one transaction"). Every command that
 * moves money is decided over the bet and the wallets it touches and appended once: create and
 * accept (the stake lock), settlement (the payout; the fees are the bet event's postings),
 * refunds (cancel, decline, expire, void) and an appeal's overturn (the corrections and the fee
 * change). Only the chat opened on acceptance follows separately (it moves no money).
 */
export class BetSagas {
  readonly timings: BetTimings;

  constructor(private readonly deps: AppDeps) {
    this.timings = betTimings(deps.config);
  }

  async state(betId: string): Promise<BetState> {
    return streamState(this.deps.store, betStreamId(betId), betDecider);
  }

  /** The bet's state as the command pipeline last saw it in this process, without a read; undefined if not cached. */
  cachedState(betId: string): BetState | undefined {
    return commandSnapshots.get<BetState>(this.deps.store, betDecider, betStreamId(betId))?.state;
  }

  /**
   * The bet's row after a command, as `betRowOf` folds it from the stream, for the command's
   * answer: the events the command appended folded onto the row this process last answered with
   * when they follow it (no read), else the stream read from that row on (the whole stream when
   * none is held). A create folds from nothing.
   */
  async answerRow(betId: string, outcome: Pick<BetOutcome, 'events' | 'appended'>): Promise<BetRow | null> {
    const rows = answeredRowsOf(this.deps.bus);
    const streamId = betStreamId(betId);
    const appended = outcome.appended;
    if (appended && outcome.events.length > 0) {
      const from = appended.nextExpectedRevision - outcome.events.length;
      const held = from < 0 ? { state: betRowFolder.initialState(), revision: -1 } : rows.get<BetRowFold>(this.deps.store, betRowFolder, streamId);
      if (held && held.revision === from) {
        // Folded from the events as a read returns them (JSON), exactly as the next read would fold them.
        const state = outcome.events.reduce((row, e) => betRowFolder.evolve(row, { type: e.type, data: JSON.parse(JSON.stringify(e.data)) as unknown }), held.state);
        rows.set(this.deps.store, betRowFolder, streamId, { revision: appended.nextExpectedRevision, state, position: appended.position });
        return state.row;
      }
    }
    return (await readStreamState(this.deps.store, streamId, betRowFolder, rows)).state.row;
  }

  /** Decides and appends one bet command that moves no money (retrying on a concurrent writer, re-deciding on fresh state). */
  private async execute(command: BetCommand, actor: string): Promise<BetOutcome> {
    const betId = command.data.betId;
    // The ids name the command's content (and the revision it was decided at): two racing commands
    // that mean different things (another winner, another result) can never pass for one another.
    const key = commandIntentKey(command.type, command.data);
    const result = await runCommand(this.deps, {
      streamId: betStreamId(betId),
      decider: betDecider,
      command: { ...command, metadata: { ...command.metadata, actor } } as BetCommand,
      eventIds: (events, revision) => events.map((e, i) => betStepId(betId, String(revision + 1 + i), e.type, key)),
    });
    // A no-op (already done) answers from the state it read: the route waits for that position.
    return { state: result.state, events: result.events, position: decidedAt(result), appended: result.append && !result.append.repeated ? result.append : null };
  }

  /**
   * A bet command that may settle, refund or correct: decided over the bet and its players'
   * wallets (domain: decideBetWithMoney) and appended in one transaction, so the bet's
   * transition and every wallet move it orders are recorded together or not at all. The
   * players are read from the bet first (they never change once it is accepted; a pending bet
   * moves only the challenger's money); the decision re-checks them on the states it reads.
   */
  async executeWithMoney(command: BetCommand, actor: string): Promise<BetOutcome> {
    // The wallets (and their order) from the bet as this process last folded it (no read), else
    // as read now. The decision checks them against the bet it decides on and refuses before
    // anything is written when they differ (UnreadWalletError): then the bet is read again.
    let known = commandSnapshots.get<BetState>(this.deps.store, betDecider, betStreamId(command.data.betId))?.state;
    for (let attempt = 1; ; attempt++) {
      known ??= await this.state(command.data.betId);
      try {
        return await this.appendWithMoney(command, actor, known);
      } catch (error) {
        if (!(error instanceof UnreadWalletError) || attempt >= WALLET_PLAN_ATTEMPTS_MAX) throw error;
        known = undefined;
      }
    }
  }

  private async appendWithMoney(command: BetCommand, actor: string, known: BetState): Promise<BetOutcome> {
    const betId = command.data.betId;
    const key = commandIntentKey(command.type, command.data);
    const { before, after } = walletsOfBetCommand(command, known);
    const wallet = (userId: string): StreamPart<WalletState, WalletEvent> => ({ streamId: walletStreamId(userId), decider: walletDecider, eventIds: walletEventIds(betId, userId, key) });
    // The order of the parts is the order in $all: an overturn's debits, the bet, then the credits and refunds.
    const parts: Record<string, StreamPart<any, any>> = {};
    for (const userId of before) parts[`wallet:${userId}`] = wallet(userId);
    parts.bet = { streamId: betStreamId(betId), decider: betDecider, eventIds: (events: BetEvent[], revision: number) => events.map((e, i) => betStepId(betId, String(revision + 1 + i), e.type, key)) } satisfies StreamPart<BetState, BetEvent>;
    for (const userId of after) parts[`wallet:${userId}`] = wallet(userId);
    const players = [...before, ...after];
    const result = await runMultiStreamCommand(this.deps, {
      parts,
      decide: (states) => {
        const plan = walletsOfBetCommand(command, states.bet as BetState);
        if (plan.before.join() !== before.join() || plan.after.join() !== after.join()) throw new UnreadWalletError([...plan.before, ...plan.after].join(', '), command.type);
        const wallets = Object.fromEntries(players.map((userId) => [userId, states[`wallet:${userId}`] as WalletState]));
        const move = decideBetWithMoney(command, { bet: states.bet as BetState, wallets });
        return { bet: move.bet, ...Object.fromEntries(Object.entries(move.wallets).map(([userId, events]) => [`wallet:${userId}`, events])) };
      },
      metadata: { ...command.metadata, actor },
    });
    return { state: result.states.bet as BetState, events: result.events.bet as BetEvent[], position: decidedAt(result), appended: betAppendOf(result) };
  }

  /**
   * The bet's and the player's wallet's events of one command, decided together and appended in
   * one transaction (docs/architecture.md, "One command, one transaction"): the bet and its
   * stake lock exist together or not at all, so there is nothing to compensate or reconcile.
   */
  private async moveStake(
    betId: string,
    userId: string,
    command: BetCommand,
    decide: (terms: StakeTerms, states: { bet: BetState; wallet: WalletState }) => StakeMove,
    opensChat = false,
  ): Promise<BetOutcome> {
    const terms = await stakeTerms(this.deps, userId);
    const key = commandIntentKey(command.type, command.data);
    const lockId = betStepId(betId, 'lock', userId);
    const parts = {
      // In $all the lock comes first, then the bet's event (the order of the parts), as the trail has always shown it.
      wallet: { streamId: walletStreamId(userId), decider: walletDecider, eventIds: (events: WalletEvent[]) => events.map((_, i) => (i === 0 ? lockId : deterministicId(lockId, String(i)))) },
      // A creation expects a new stream (decided as empty without a read unless this process holds it).
      bet: { streamId: betStreamId(betId), decider: betDecider, eventIds: (events: BetEvent[], revision: number) => events.map((e, i) => betStepId(betId, String(revision + 1 + i), e.type, key)), fresh: command.type === 'CreateBet' },
    };
    const metadata = { ...command.metadata, actor: userId };
    try {
      const result = opensChat
        ? await runMultiStreamCommand(this.deps, {
            // The chat after the bet's event, the system's act (the id it has always had, so the accept route's and the reactor's repeats store nothing).
            parts: { ...parts, chat: { streamId: chatStreamId(chatIdOfBet(betId)), decider: chatDecider, eventIds: () => [betStepId(betId, 'chat-created')], metadataOf: () => ({ actor: 'system' }), fresh: true } },
            decide: (states) => {
              const move = decide(terms, states);
              return { ...move, chat: chatOf(move.bet.reduce(betDecider.evolve, states.bet), states.chat, command.metadata.now) };
            },
            metadata,
          })
        : await runMultiStreamCommand(this.deps, { parts, decide: (states) => decide(terms, states), metadata });
      const appended = betAppendOf(result);
      // The creation and the acceptance, for the followers of this bet in this process (they then read nothing to learn them).
      if (appended) betParties(this.deps).noteAppended(betId, result.events.bet, appended.nextExpectedRevision);
      // The answer is what the command decided (the bet as its events make it); the position is the consistency token.
      return { state: result.states.bet, events: result.events.bet, position: decidedAt(result), appended };
    } catch (error) {
      throw withStakeToast(error);
    }
  }

  /** POST /api/bets: the bet and the challenger's stake + fee lock, in one transaction. */
  async create(input: { betId: string; challengerId: string; inviteLinkId: string; challenge: CreateChallenge }): Promise<BetOutcome> {
    const command = {
      type: 'CreateBet' as const,
      data: { ...input, currency: this.deps.config.WALLET_CURRENCY, pendingTtlMs: this.timings.pendingTtlMs },
      metadata: { now: this.deps.clock.now() },
    };
    return this.moveStake(input.betId, input.challengerId, command, (terms, states) => decideCreateWithStake(command, terms, states));
  }

  /**
   * Accept by invite or join from the marketplace: the acceptance, the acceptor's stake lock and
   * the bet's chat, in one transaction (a repeat whose chat a crash lost opens it alone).
   */
  async accept(input: { betId: string; acceptorId: string; via: AcceptVia }): Promise<BetOutcome> {
    const command = { type: 'AcceptBet' as const, data: { ...input, playDeadlineMs: this.timings.playDeadlineMs }, metadata: { now: this.deps.clock.now() } };
    return this.moveStake(input.betId, input.acceptorId, command, (terms, states) => decideAcceptWithStake(command, terms, states), true);
  }

  async cancel(betId: string, userId: string): Promise<BetOutcome> {
    return this.executeWithMoney({ type: 'CancelBet', data: { betId, userId }, metadata: { now: this.deps.clock.now() } }, userId);
  }

  async decline(betId: string, userId: string): Promise<BetOutcome> {
    return this.executeWithMoney({ type: 'DeclineChallenge', data: { betId, userId }, metadata: { now: this.deps.clock.now() } }, userId);
  }

  async report(input: { betId: string; userId: string; result: BetResult; evidence: EvidenceFile[] }): Promise<BetOutcome> {
    const command: BetCommand = { type: 'ReportResult', data: { ...input, contestWindowMs: this.timings.contestWindowMs }, metadata: { now: this.deps.clock.now() } };
    return this.executeWithMoney(command, input.userId);
  }

  async resolve(input: { betId: string; adminId: string; winnerId: string | null; adminNotes: string }): Promise<BetOutcome> {
    return this.executeWithMoney({ type: 'ResolveDispute', data: { ...input }, metadata: { now: this.deps.clock.now() } }, `admin:${input.adminId}`);
  }

  /** A player appeals the admin's resolution: the command names the recorded DisputeResolved it appeals. */
  async fileAppeal(input: { betId: string; userId: string; reason: string }): Promise<BetOutcome> {
    const recorded = await this.deps.store.readStream(betStreamId(input.betId));
    const resolutionEventId = recorded.find((e) => e.type === 'DisputeResolved')?.id ?? '';
    const command: BetCommand = { type: 'FileAppeal', data: { ...input, resolutionEventId, appealWindowMs: APPEAL_WINDOW_MS }, metadata: { now: this.deps.clock.now() } };
    return this.execute(command, input.userId);
  }

  /** A second admin decides the appeal: an overturn's corrections and fee change are in the same append as AppealDecided. */
  async decideAppeal(input: { betId: string; adminId: string; outcome: AppealOutcome; winnerId: string | null; notes: string }): Promise<BetOutcome> {
    return this.executeWithMoney({ type: 'DecideAppeal', data: { ...input }, metadata: { now: this.deps.clock.now() } }, `admin:${input.adminId}`);
  }

  /** The scheduler's commands: each a no-op when the bet moved on meanwhile. */
  async runDeadline(betId: string, kind: 'expire' | 'void' | 'settle_uncontested'): Promise<BetOutcome> {
    const now = this.deps.clock.now();
    const command: BetCommand =
      kind === 'expire' ? { type: 'ExpireBet', data: { betId }, metadata: { now } } : kind === 'void' ? { type: 'VoidOverdueBet', data: { betId }, metadata: { now } } : { type: 'SettleUncontested', data: { betId }, metadata: { now } };
    return this.executeWithMoney(command, 'system');
  }

  /**
   * The chat that follows an acceptance (the only follow-up left: it moves no money).
   * Idempotent: safe to run again for the same events (the route and the process manager both do).
   */
  async followUps(events: readonly BetEvent[]): Promise<Position | null> {
    let position: Position | null = null;
    for (const event of events) {
      for (const step of followUpsOf(event)) position = latestPosition(position, await this.runFollowUp(step));
    }
    return position;
  }

  private async runFollowUp(step: BetFollowUp): Promise<Position | null> {
    return this.createChat(step.betId, step.opponentId);
  }

  private async createChat(betId: string, opponentId: string): Promise<Position | null> {
    // A chat once created stays open (its state never leaves 'open'), so CreateChat decides nothing
    // on it at any later revision: a chat this process holds as created (the acceptance's own
    // append opened it) needs no read of the bet nor of the chat.
    const held = commandSnapshots.get<ChatState>(this.deps.store, chatDecider, chatStreamId(chatIdOfBet(betId)));
    if (held?.state.status === 'open') return held.position;
    const state = await this.state(betId);
    if (!('bet' in state)) return null;
    const chatId = chatIdOfBet(betId);
    const result = await runCommand(this.deps, {
      streamId: chatStreamId(chatId),
      decider: chatDecider,
      command: { type: 'CreateChat', data: { chatId, betId, participant1Id: state.bet.challengerId, participant2Id: opponentId }, metadata: { now: this.deps.clock.now(), actor: 'system' } },
      eventIds: () => [betStepId(betId, 'chat-created')],
    });
    return decidedAt(result);
  }
}
