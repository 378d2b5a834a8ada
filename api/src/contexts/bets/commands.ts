import { commandIntentKey, latestPosition, type Position } from '@wager/domain';
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
  decideCreateWithStake,
  followUpsOf,
  reconcileHold,
  type BetFollowUp,
  type StakeMove,
  type StakeTerms,
  betStepId,
  APPEAL_WINDOW_MS,
  appealStepsOf,
  type AppealOutcome,
} from '@wager/domain/bets/index';
import { deterministicId, walletDecider, walletStreamId, type WalletEvent, type WalletState } from '@wager/domain/wallet/index';
import { chatDecider, chatIdOfBet, chatStreamId } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import { runCommand, runMultiStreamCommand, streamState } from '../../runtime/command-pipeline.js';
import { stakeTerms } from '../wallet/index.js';
import { createBetWallet, withStakeToast, type BetWallet } from './wallet-steps.js';

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
  /** The last position written by the command and its follow-ups (for read-your-writes), or null. */
  readonly position: Position | null;
}

/** Test hook: a crash injected between a bet transition and its follow-ups (the process manager and the reconciler must finish the work). */
export type CrashPoint = 'before-follow-ups';

/**
 * The bet commands (docs/architecture.md, "Reactors" and "One command, one transaction").
 * Creating and accepting a bet decide over the bet and the player's wallet and append both in
 * one transaction. The follow-ups of other transitions (refund, payout, chat) have
 * deterministic ids, so the same step done by a route, the process manager and the reconciler
 * moves money once.
 */
export class BetSagas {
  readonly timings: BetTimings;
  /** Set by tests only: throws at the named point, as a process dying there would. */
  crashAt: CrashPoint | null = null;

  constructor(
    private readonly deps: AppDeps,
    readonly wallet: BetWallet = createBetWallet(deps),
  ) {
    this.timings = betTimings(deps.config);
  }

  private crash(point: CrashPoint): void {
    if (this.crashAt === point) {
      this.crashAt = null;
      throw new Error(`injected crash at ${point}`);
    }
  }

  async state(betId: string): Promise<BetState> {
    return streamState(this.deps.store, betStreamId(betId), betDecider);
  }

  /** Decides and appends one bet command (retrying on a concurrent writer, re-deciding on fresh state). */
  async execute(command: BetCommand, actor: string): Promise<BetOutcome> {
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
    return { state: result.state, events: result.events, position: result.append?.position ?? result.readPosition };
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
  ): Promise<BetOutcome> {
    const terms = await stakeTerms(this.deps, userId);
    const key = commandIntentKey(command.type, command.data);
    const lockId = betStepId(betId, 'lock', userId);
    try {
      const result = await runMultiStreamCommand(this.deps, {
        parts: {
          // In $all the lock comes first, then the bet's event (the order of the parts), as the trail has always shown it.
          wallet: { streamId: walletStreamId(userId), decider: walletDecider, eventIds: (events: WalletEvent[]) => events.map((_, i) => (i === 0 ? lockId : deterministicId(lockId, String(i)))) },
          bet: { streamId: betStreamId(betId), decider: betDecider, eventIds: (events: BetEvent[], revision: number) => events.map((e, i) => betStepId(betId, String(revision + 1 + i), e.type, key)) },
        },
        decide: (states) => decide(terms, states),
        metadata: { ...command.metadata, actor: userId },
      });
      // The answer is what the command decided (the bet as its events make it); the position is the consistency token.
      return { state: result.states.bet, events: result.events.bet, position: result.append?.position ?? result.readPosition };
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

  /** Accept by invite or join from the marketplace: the acceptance and the acceptor's stake lock, in one transaction; then the chat. */
  async accept(input: { betId: string; acceptorId: string; via: AcceptVia }): Promise<BetOutcome> {
    const command = { type: 'AcceptBet' as const, data: { ...input, playDeadlineMs: this.timings.playDeadlineMs }, metadata: { now: this.deps.clock.now() } };
    const outcome = await this.moveStake(input.betId, input.acceptorId, command, (terms, states) => decideAcceptWithStake(command, terms, states));
    const chat = await this.followUps(outcome.events);
    return { ...outcome, position: latestPosition(outcome.position, chat) };
  }

  async cancel(betId: string, userId: string): Promise<BetOutcome> {
    return this.withFollowUps(await this.execute({ type: 'CancelBet', data: { betId, userId }, metadata: { now: this.deps.clock.now() } }, userId));
  }

  async decline(betId: string, userId: string): Promise<BetOutcome> {
    return this.withFollowUps(await this.execute({ type: 'DeclineChallenge', data: { betId, userId }, metadata: { now: this.deps.clock.now() } }, userId));
  }

  async report(input: { betId: string; userId: string; result: BetResult; evidence: EvidenceFile[] }): Promise<BetOutcome> {
    const command: BetCommand = { type: 'ReportResult', data: { ...input, contestWindowMs: this.timings.contestWindowMs }, metadata: { now: this.deps.clock.now() } };
    return this.withFollowUps(await this.execute(command, input.userId));
  }

  async resolve(input: { betId: string; adminId: string; winnerId: string | null; adminNotes: string }): Promise<BetOutcome> {
    return this.withFollowUps(await this.execute({ type: 'ResolveDispute', data: { ...input }, metadata: { now: this.deps.clock.now() } }, `admin:${input.adminId}`));
  }

  /** A player appeals the admin's resolution: the command names the recorded DisputeResolved it appeals. */
  async fileAppeal(input: { betId: string; userId: string; reason: string }): Promise<BetOutcome> {
    const recorded = await this.deps.store.readStream(betStreamId(input.betId));
    const resolutionEventId = recorded.find((e) => e.type === 'DisputeResolved')?.id ?? '';
    const command: BetCommand = { type: 'FileAppeal', data: { ...input, resolutionEventId, appealWindowMs: APPEAL_WINDOW_MS }, metadata: { now: this.deps.clock.now() } };
    return this.execute(command, input.userId);
  }

  /** A second admin decides the appeal; an overturn's compensating money follows at once (and again in the appeals reactor). */
  async decideAppeal(input: { betId: string; adminId: string; outcome: AppealOutcome; winnerId: string | null; notes: string }): Promise<BetOutcome> {
    const outcome = await this.execute({ type: 'DecideAppeal', data: { ...input }, metadata: { now: this.deps.clock.now() } }, `admin:${input.adminId}`);
    return { ...outcome, position: latestPosition(outcome.position, await this.appealFollowUps(outcome.events)) };
  }

  /**
   * The compensating steps of an overturn (domain: appealStepsOf), in their order: the players'
   * debits, the platform's fee change, the credits. Each is idempotent, so the route, the
   * `bet-appeals` reactor and a retry after a crash move the money once.
   */
  async appealFollowUps(events: readonly BetEvent[]): Promise<Position | null> {
    let position: Position | null = null;
    for (const event of events) {
      if (event.type !== 'AppealDecided') continue;
      for (const step of appealStepsOf(event.data)) {
        const now = this.deps.clock.now();
        if (step.kind === 'adjust-fees') {
          position = latestPosition(position, (await this.execute({ type: 'AdjustAppealFees', data: { betId: step.betId }, metadata: { now } }, 'system')).position);
        } else {
          position = latestPosition(position, await this.wallet.adjustForAppeal({ userId: step.userId, betId: step.betId, amount: step.amount, currency: step.currency, reversesEventId: step.reversesEventId, now }));
        }
      }
    }
    return position;
  }

  /** The scheduler's commands: each a no-op when the bet moved on meanwhile. */
  async runDeadline(betId: string, kind: 'expire' | 'void' | 'settle_uncontested'): Promise<BetOutcome> {
    const now = this.deps.clock.now();
    const command: BetCommand =
      kind === 'expire' ? { type: 'ExpireBet', data: { betId }, metadata: { now } } : kind === 'void' ? { type: 'VoidOverdueBet', data: { betId }, metadata: { now } } : { type: 'SettleUncontested', data: { betId }, metadata: { now } };
    return this.withFollowUps(await this.execute(command, 'system'));
  }

  private async withFollowUps(outcome: BetOutcome): Promise<BetOutcome> {
    this.crash('before-follow-ups');
    return { ...outcome, position: latestPosition(outcome.position, await this.followUps(outcome.events)) };
  }

  /**
   * The money and chat that follow bet events: refunds on cancel/expire/void, the winner's
   * payout (2 × stake) on settlement, the chat on acceptance. Idempotent: safe to run again for
   * the same events (the route, the process manager and the reconciler all may).
   */
  async followUps(events: readonly BetEvent[]): Promise<Position | null> {
    let position: Position | null = null;
    for (const event of events) {
      for (const step of followUpsOf(event)) position = latestPosition(position, await this.runFollowUp(step));
    }
    return position;
  }

  private async runFollowUp(step: BetFollowUp): Promise<Position | null> {
    const now = this.deps.clock.now();
    switch (step.kind) {
      case 'refund':
        return this.wallet.releaseStake({ userId: step.userId, betId: step.betId, reason: step.reason, now });
      case 'payout':
        return this.wallet.creditPayout({ userId: step.userId, betId: step.betId, amount: step.amount, currency: step.currency, now });
      case 'open-chat':
        return this.createChat(step.betId, step.opponentId);
      default: {
        const unexpected: never = step;
        throw new Error(`unknown follow-up ${JSON.stringify(unexpected)}`);
      }
    }
  }

  private async createChat(betId: string, opponentId: string): Promise<Position | null> {
    const state = await this.state(betId);
    if (!('bet' in state)) return null;
    const chatId = chatIdOfBet(betId);
    const result = await runCommand(this.deps, {
      streamId: chatStreamId(chatId),
      decider: chatDecider,
      command: { type: 'CreateChat', data: { chatId, betId, participant1Id: state.bet.challengerId, participant2Id: opponentId }, metadata: { now: this.deps.clock.now(), actor: 'system' } },
      eventIds: () => [betStepId(betId, 'chat-created')],
    });
    return result.append?.position ?? null;
  }

  /** The reconciler's step for one stake lock left open past the grace period: decided by the domain (reconcileHold) from the bet's stream. */
  async reconcileHold(betId: string, userId: string): Promise<string> {
    const state = await this.state(betId);
    const now = this.deps.clock.now();
    const step = reconcileHold(state, userId);
    switch (step.kind) {
      case 'release':
        await this.wallet.releaseStake({ userId, betId, reason: step.reason, now });
        return 'released';
      case 'payout':
        await this.runFollowUp(step.followUp);
        return 'paid';
      case 'open-chat':
        await this.createChat(betId, step.opponentId);
        return 'nothing-to-do';
      case 'nothing':
        return 'nothing-to-do';
      default: {
        const unexpected: never = step;
        throw new Error(`unknown reconciliation ${JSON.stringify(unexpected)}`);
      }
    }
  }
}
