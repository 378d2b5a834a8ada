import {
  DomainError,
  commandIntentKey,
  latestPosition,
  foldStream,
  type Position,
} from '@wager/domain';
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
  afterFailedAcceptance,
  followUpsOf,
  reconcileHold,
  type BetFollowUp,
  betStepId,
  APPEAL_WINDOW_MS,
  appealStepsOf,
  type AppealOutcome,
} from '@wager/domain/bets/index';
import { chatDecider, chatIdOfBet, chatStreamId } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import { runCommand, streamState } from '../../runtime/command-pipeline.js';
import { createBetWallet, type BetWallet } from './wallet-steps.js';

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

/** Test hook: a crash injected between two steps of a saga (the reconciler must finish the work). */
export type CrashPoint = 'after-create-lock' | 'after-accept-lock' | 'before-follow-ups';

/**
 * The bet sagas (docs/architecture.md, "Reactors"). Commands that touch a wallet and the bet do the step that
 * can fail for lack of funds first (the stake lock), then the bet transition with its expected
 * revision; every follow-up (refund, payout, chat) has a deterministic id, so the same step done
 * by a route, the process manager and the reconciler moves money once.
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

  /** Waits (up to PROJECTION_WAIT_MS) until the read models show a compensation, so a refusal never races its refund. */
  private async visible(position: Position | null): Promise<void> {
    if (position) await this.deps.projections.waitFor(position);
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

  /** POST /api/bets: lock the challenger's stake + fee, then record the bet. */
  async create(input: { betId: string; challengerId: string; inviteLinkId: string; challenge: CreateChallenge }): Promise<BetOutcome> {
    const now = this.deps.clock.now();
    const command: BetCommand = {
      type: 'CreateBet',
      data: { ...input, currency: this.deps.config.WALLET_CURRENCY, pendingTtlMs: this.timings.pendingTtlMs }, metadata: { now },
    };
    // A dry run refuses a bad command before any money moves.
    const [created] = betDecider.decide(command, betDecider.initialState());
    const d = created!.data as { amount: string; feeAmount: string; currency: string };
    const locked = await this.wallet.lockStake({ userId: input.challengerId, betId: input.betId, stake: d.amount, fee: d.feeAmount, currency: d.currency, now });
    this.crash('after-create-lock');
    try {
      const outcome = await this.execute(command, input.challengerId);
      return { ...outcome, position: latestPosition(locked, outcome.position) };
    } catch (error) {
      await this.visible(await this.compensateCreate(input.betId, input.challengerId));
      throw error;
    }
  }

  /** A lock whose bet was never recorded: tombstone the bet id (so it can never be created late), then refund. */
  private async compensateCreate(betId: string, userId: string): Promise<Position | null> {
    const now = this.deps.clock.now();
    const abandoned = await this.execute({ type: 'AbandonCreation', data: { betId }, metadata: { now } }, 'system');
    if (abandoned.state.status !== 'abandoned') return null;
    return this.wallet.releaseStake({ userId, betId, reason: 'bet_creation_abandoned', now });
  }

  /** Accept by invite or join from the marketplace: lock the acceptor's stake, then accept with the expected revision. */
  async accept(input: { betId: string; acceptorId: string; via: AcceptVia }): Promise<BetOutcome> {
    const now = this.deps.clock.now();
    const command: BetCommand = { type: 'AcceptBet', data: { ...input, playDeadlineMs: this.timings.playDeadlineMs }, metadata: { now } };
    const before = await this.state(input.betId);
    betDecider.decide(command, before); // refuses (own, taken, expired…) before any money moves
    if (!('bet' in before)) throw new Error('unreachable: accept decided on a missing bet');
    const locked = await this.wallet.lockStake({ userId: input.acceptorId, betId: input.betId, stake: before.bet.amount, fee: before.bet.feeAmount, currency: before.bet.currency, now });
    this.crash('after-accept-lock');
    let outcome: BetOutcome;
    try {
      outcome = await this.execute(command, input.acceptorId);
    } catch (error) {
      // The loser of a race: the stake goes back once the bet can never be accepted by this player,
      // and the refusal is answered only once the refund shows in the balance the player reads next.
      await this.visible(await this.compensateAccept(input.betId, input.acceptorId));
      throw error;
    }
    const chat = await this.followUps(outcome.events);
    return { ...outcome, position: latestPosition(locked, outcome.position, chat) };
  }

  /** Releases an acceptor's lock when the bet can never be theirs (domain: afterFailedAcceptance); leaves it when the saga may still finish. */
  private async compensateAccept(betId: string, userId: string): Promise<Position | null> {
    const state = await this.state(betId);
    const now = this.deps.clock.now();
    if (afterFailedAcceptance(state, userId, now) === 'keep') return null;
    return this.wallet.releaseStake({ userId, betId, reason: 'bet' in state ? 'challenge_taken' : 'bet_not_found', now });
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
    const step = reconcileHold(state, userId, now);
    switch (step.kind) {
      case 'abandon-creation':
        await this.compensateCreate(betId, userId);
        return 'creation-abandoned';
      case 'complete-acceptance':
        try {
          await this.accept({ betId, acceptorId: userId, via: 'invite' });
          return 'acceptance-completed';
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return 'acceptance-compensated';
        }
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
