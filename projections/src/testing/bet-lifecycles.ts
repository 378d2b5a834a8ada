/**
 * Test and benchmark support: realistic event sequences of many bets at once, decided by the
 * bet and wallet deciders themselves (funding deposits, stake locks, bets created, accepted,
 * reported, settled, disputed (half the resolutions appealed, upheld or overturned), cancelled,
 * expired or voided, and the refunds, payouts and appeal corrections each of those commands
 * appends with its bet event, in the order of its one append), interleaved across bets as concurrent players would produce them.
 */
import { betDecider, betFee, betStreamId, createChallengeSchema, decideBetWithMoney, walletsOfBetCommand, type BetCommand, type BetMoneyMove, type BetState } from '@wager/domain/bets/index';
import { walletDecider, walletStreamId, type WalletCommand, type WalletEvent, type WalletState } from '@wager/domain/wallet/index';

const H = 3600_000;

/** One event as it would be appended: its stream, type and data (ids are the caller's). */
export interface SimulatedEvent {
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
}

type Scenario = 'settled' | 'uncontested' | 'cancelled' | 'expired' | 'disputed' | 'voided';
const SCENARIOS: readonly (readonly [Scenario, number])[] = [
  ['settled', 0.6],
  ['uncontested', 0.1],
  ['cancelled', 0.1],
  ['expired', 0.05],
  ['disputed', 0.1],
  ['voided', 0.05],
];

interface SimulatedBet {
  readonly betId: string;
  readonly challengerId: string;
  readonly opponentId: string;
  readonly steps: ((now: Date) => BetCommand | 'lock-opponent')[];
  clock: number;
}

/** A small deterministic PRNG (mulberry32), so a seed names a sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Calls `emit` with the events of `bets` bet lifecycles among `users` players (each funded
 * first), at most `concurrent` bets in flight, the next step taken by a random bet in flight.
 * `nextId` gives uuids (bet ids, deposit ids). Commands a decider refuses are skipped, as a
 * route would refuse them.
 */
export function simulateBetLifecycles(options: {
  bets: number;
  users: readonly string[];
  concurrent: number;
  random: () => number;
  nextId: () => string;
  start: Date;
  emit: (events: readonly SimulatedEvent[]) => void;
}): void {
  const { users, random, nextId, emit } = options;
  const adminId = nextId();
  const reviewerId = nextId();
  const wallets = new Map<string, WalletState>();
  const betStates = new Map<string, BetState>();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  const wallet = (command: WalletCommand): boolean => {
    const userId = command.data.userId;
    let state = wallets.get(userId) ?? walletDecider.initialState();
    let events: WalletEvent[];
    try {
      events = walletDecider.decide(command, state) as WalletEvent[];
    } catch {
      return false;
    }
    for (const event of events) state = walletDecider.evolve(state, event);
    wallets.set(userId, state);
    if (events.length > 0) emit(events.map((e) => ({ streamId: walletStreamId(userId), type: e.type, data: e.data, metadata: { actor: userId } })));
    return true;
  };
  // A bet command and the money it moves, decided together (decideBetWithMoney) and emitted in the order of its one append.
  const bet = (betId: string, command: BetCommand, actor: string): boolean => {
    const state = betStates.get(betId) ?? betDecider.initialState();
    const order = walletsOfBetCommand(command, state);
    let move: BetMoneyMove;
    try {
      const read = Object.fromEntries([...order.before, ...order.after].map((userId) => [userId, wallets.get(userId) ?? walletDecider.initialState()]));
      move = decideBetWithMoney(command, { bet: state, wallets: read });
    } catch {
      return false;
    }
    const emitWallet = (userId: string) => {
      const events = move.wallets[userId] ?? [];
      if (events.length === 0) return;
      wallets.set(userId, events.reduce(walletDecider.evolve, wallets.get(userId) ?? walletDecider.initialState()));
      emit(events.map((e) => ({ streamId: walletStreamId(userId), type: e.type, data: e.data, metadata: { actor } })));
    };
    order.before.forEach(emitWallet);
    betStates.set(betId, move.bet.reduce(betDecider.evolve, state));
    if (move.bet.length > 0) emit(move.bet.map((e) => ({ streamId: betStreamId(betId), type: e.type, data: e.data, metadata: { actor } })));
    order.after.forEach(emitWallet);
    return true;
  };
  const lock = (userId: string, betId: string, amount: string, now: Date): boolean => {
    return wallet({ type: 'LockStake', data: { userId, holdId: betId, holdKind: 'bet', stake: amount, fee: betFee(amount), currency: 'NGN', timeZone: 'UTC', dailyLimit: '1000000000000.00' }, metadata: { now } });
  };

  for (const userId of users) {
    wallet({ type: 'CreditDeposit', data: { userId, depositId: nextId(), provider: 'paystack', reference: nextId(), amount: '100000000.00', currency: 'NGN' }, metadata: { now: options.start } });
  }

  const newBet = (clock: number): SimulatedBet => {
    const betId = nextId();
    const challengerId = pick(users);
    let opponentId = pick(users);
    while (opponentId === challengerId && users.length > 1) opponentId = pick(users);
    let roll = random();
    const scenario = SCENARIOS.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'settled';
    const amount = String(100 * (1 + Math.floor(random() * 20)));
    const won = random() < 0.5;
    const challenge = createChallengeSchema.parse({ amount, visibility: 'public' });
    const create = (now: Date): BetCommand => ({ type: 'CreateBet', data: { betId, challengerId, inviteLinkId: nextId(), currency: 'NGN', challenge, pendingTtlMs: 48 * H }, metadata: { now } });
    const accept = (now: Date): BetCommand => ({ type: 'AcceptBet', data: { betId, acceptorId: opponentId, via: 'marketplace', playDeadlineMs: 24 * H }, metadata: { now } });
    const report = (userId: string, result: 'won' | 'lost') => (now: Date): BetCommand => ({ type: 'ReportResult', data: { betId, userId, result, evidence: [], contestWindowMs: 24 * H }, metadata: { now } });
    const later = (hours: number, command: (now: Date) => BetCommand) => (now: Date): BetCommand => command(new Date(now.getTime() + hours * H));
    const played = [(): 'lock-opponent' => 'lock-opponent', accept] as const;
    const steps: SimulatedBet['steps'] = [create];
    if (scenario === 'settled') steps.push(...played, report(challengerId, won ? 'won' : 'lost'), report(opponentId, won ? 'lost' : 'won'));
    else if (scenario === 'uncontested') steps.push(...played, report(opponentId, 'won'), later(25, (now) => ({ type: 'SettleUncontested', data: { betId }, metadata: { now } })));
    else if (scenario === 'cancelled') steps.push((now) => ({ type: 'CancelBet', data: { betId, userId: challengerId }, metadata: { now } }));
    else if (scenario === 'expired') steps.push(later(49, (now) => ({ type: 'ExpireBet', data: { betId }, metadata: { now } })));
    else if (scenario === 'voided') steps.push(...played, later(25, (now) => ({ type: 'VoidOverdueBet', data: { betId }, metadata: { now } })));
    else {
      const winnerId = random() < 0.3 ? null : won ? challengerId : opponentId;
      steps.push(...played, report(challengerId, 'won'), report(opponentId, 'won'), (now) => ({ type: 'ResolveDispute', data: { betId, adminId, winnerId, adminNotes: 'resolved' }, metadata: { now } }));
      // Half the resolutions are appealed by the player who lost (the opponent after a void), and a second admin upholds or overturns them.
      if (random() < 0.5) {
        const appellant = winnerId === challengerId ? opponentId : winnerId === opponentId ? challengerId : opponentId;
        const roll = random();
        const overturn = roll < 0.25 ? { outcome: 'upheld' as const, winnerId } : { outcome: 'overturned' as const, winnerId: roll < 0.6 && winnerId !== null ? null : appellant };
        steps.push(
          later(1, (now) => ({ type: 'FileAppeal', data: { betId, userId: appellant, reason: 'the clip shows otherwise', resolutionEventId: `resolution-of-${betId}`, appealWindowMs: 48 * H }, metadata: { now } })),
          later(2, (now) => ({ type: 'DecideAppeal', data: { betId, adminId: reviewerId, ...overturn, notes: 'reviewed' }, metadata: { now } })),
        );
      }
    }
    return { betId, challengerId, opponentId, steps, clock };
  };

  const inFlight: SimulatedBet[] = [];
  let created = 0;
  while (created < options.bets || inFlight.length > 0) {
    if (created < options.bets && (inFlight.length < options.concurrent || random() < 0.1)) {
      const b = newBet(options.start.getTime() + created * 60_000);
      created++;
      const now = new Date(b.clock);
      if (lock(b.challengerId, b.betId, b.steps.length > 0 ? amountOf(b, now) : '100', now)) inFlight.push(b);
      continue;
    }
    const index = Math.floor(random() * inFlight.length);
    const b = inFlight[index]!;
    b.clock += Math.floor(random() * 10 * 60_000);
    const now = new Date(b.clock);
    const step = b.steps.shift()!;
    const command = step(now);
    let ok: boolean;
    if (command === 'lock-opponent') {
      const state = betStates.get(b.betId);
      ok = !!state && 'bet' in state && lock(b.opponentId, b.betId, state.bet.amount, now);
    } else {
      ok = bet(b.betId, command, command.type === 'ResolveDispute' ? adminId : command.type === 'DecideAppeal' ? reviewerId : b.challengerId);
    }
    if (!ok || b.steps.length === 0) inFlight.splice(index, 1);
  }
}

/** The stake of a bet about to be created (a dry run of its CreateBet), for the challenger's lock. */
function amountOf(b: SimulatedBet, now: Date): string {
  const command = b.steps[0]!(now);
  if (command === 'lock-opponent') return '0';
  const [created] = betDecider.decide(command, betDecider.initialState());
  return (created!.data as { amount: string }).amount;
}
