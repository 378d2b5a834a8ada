// Proves, over random sets of 2–4 commands fired at once at one bet (reports, resolutions, cancel, accepts and joins, the scheduler's deadlines), that no answer is a 5xx, every 2xx is what the bet's stream records, and the books hold: escrow never negative and empty once the bet ended, payouts never above what was paid in.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, foldStream, type RecordedEvent } from '@wager/domain';
import { betCost, betDecider, betStreamId, TERMINAL_BET_STATUSES, type ExistingBet } from '@wager/domain/bets/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin } from '../../testing/users.js';
import { BetScheduler } from './jobs.js';
import { BetSagas } from './commands.js';
import { available, betMoney, checkBooks, escrowOf, fundedPlayer, ledger, settleFollowUps, type Player } from './testing.js';

const H = 3600_000;
const FUNDS = '1000.00';
const STAKE = '100.00';
const COST = betCost(STAKE);
/** Past every deadline a bet can have: pending 48 h, play 24 h, contest 24 h. */
const PAST_EVERY_DEADLINE_MS = 49 * H;
/** Runs of the property: each signs up five users and drives one bet, about a second on two cores. */
const RUNS = 25;
/** A held read is let go this long after the last one arrived, so a command that never decides cannot hold the others forever. */
const RACE_RELEASE_AFTER_MS = 50;

type Role = 'challenger' | 'opponent';
type Result = 'won' | 'lost';
type DeadlineStep = 'expire' | 'void' | 'settle_uncontested' | 'scheduler-tick';

/** The bet's state, reached one command at a time before the race. */
type Start = { kind: 'pending' } | { kind: 'accepted' } | { kind: 'reported'; by: Role; result: Result } | { kind: 'disputed'; result: Result };

type Command =
  | { kind: 'report'; by: Role; result: Result }
  | { kind: 'resolve'; winner: Role | null }
  | { kind: 'cancel' }
  | { kind: 'accept'; third: 0 | 1; via: 'invite' | 'marketplace' }
  | { kind: 'deadline'; step: DeadlineStep };

const role = fc.constantFrom<Role>('challenger', 'opponent');
const result = fc.constantFrom<Result>('won', 'lost');
const startArb: fc.Arbitrary<Start> = fc.oneof(
  fc.constant({ kind: 'pending' as const }),
  fc.constant({ kind: 'accepted' as const }),
  fc.record({ kind: fc.constant('reported' as const), by: role, result }),
  fc.record({ kind: fc.constant('disputed' as const), result }),
);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('report' as const), by: role, result }),
  fc.record({ kind: fc.constant('resolve' as const), winner: fc.constantFrom<Role | null>('challenger', 'opponent', null) }),
  fc.constant({ kind: 'cancel' as const }),
  fc.record({ kind: fc.constant('accept' as const), third: fc.constantFrom<0 | 1>(0, 1), via: fc.constantFrom<'invite' | 'marketplace'>('invite', 'marketplace') }),
  fc.record({ kind: fc.constant('deadline' as const), step: fc.constantFrom<DeadlineStep>('expire', 'void', 'settle_uncontested', 'scheduler-tick') }),
);
const raceArb = fc.record({
  start: startArb,
  commands: fc.array(commandArb, { minLength: 2, maxLength: 4 }),
  /** With a deadline step in the set: move the clock past every deadline first, so the step has something to do. */
  pastDeadline: fc.boolean(),
});
type Race = typeof raceArb extends fc.Arbitrary<infer T> ? T : never;

interface Cast {
  readonly challenger: Player;
  readonly opponent: Player;
  readonly thirds: readonly [Player, Player];
  readonly admin: Player;
  readonly betId: string;
  readonly inviteLinkId: string;
}

/** One command's answer: an HTTP status and body, or for a scheduler step run in-process 200 with its outcome, 500 when it threw. */
interface Answer {
  readonly command: Command;
  readonly status: number;
  readonly body: Record<string, unknown>;
}

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bets_races_property' });
});
afterAll(async () => {
  await h.close();
});

/**
 * Holds the deciding reads of one stream (those made by `handleCommand`, found by the call stack)
 * until `count` of them wait, so the commands decide on the same revision: the interleaving a
 * loaded server produces, made likely. Commands that never decide (refused before, or deciding
 * at once) would leave the others waiting, so the held reads are also let go
 * RACE_RELEASE_AFTER_MS after the last one arrived. Other reads (the chat follow-up, a
 * route's authorization read) pass. Returns the function that ends it.
 */
function raceOnNextDecisions(streamId: string, count: number): () => void {
  const store = h.deps.store;
  const hadOwn = Object.hasOwn(store, 'readStream');
  const original = store.readStream;
  let waiting: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let over = false;
  const release = () => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    if (hadOwn) store.readStream = original;
    else delete (store as { readStream?: unknown }).readStream;
    for (const go of waiting) go();
    waiting = [];
  };
  store.readStream = async function (id, options) {
    const stack = new Error().stack ?? '';
    if (!over && id === streamId && /\bhandleCommand\b/.test(stack) && !/\bstoredTwin\b/.test(stack)) {
      const held = new Promise<void>((resolve) => waiting.push(resolve));
      if (waiting.length >= count) release();
      else {
        clearTimeout(timer);
        timer = setTimeout(release, RACE_RELEASE_AFTER_MS);
      }
      await held;
    }
    return original.call(store, id, options);
  };
  return release;
}

async function cast(): Promise<Cast> {
  const [challenger, opponent, third0, third1, admin] = await Promise.all([fundedPlayer(h, FUNDS), fundedPlayer(h, FUNDS), fundedPlayer(h, FUNDS), fundedPlayer(h, FUNDS), fundedPlayer(h, '0')]);
  await makeAdmin(h, admin.id);
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: challenger.headers, payload: { amount: STAKE, visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  return { challenger, opponent, thirds: [third0, third1], admin, betId: bet.id, inviteLinkId: bet.inviteLinkId };
}

function player(c: Cast, r: Role): Player {
  return r === 'challenger' ? c.challenger : c.opponent;
}

function report(c: Cast, by: Role, outcome: Result) {
  return h.app.inject({ method: 'POST', url: `/api/bets/${c.betId}/result`, headers: player(c, by).headers, payload: { result: outcome } });
}

/** Reaches the starting state one command at a time, each answered 200 (or 202, recorded while the read models lag). */
async function reach(c: Cast, start: Start): Promise<void> {
  // 202: recorded, the read models lag behind (a loaded machine); the stream is what the race reads.
  const ok = (res: { statusCode: number; body: string }) => expect([200, 202], res.body).toContain(res.statusCode);
  if (start.kind === 'pending') return;
  ok(await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${c.inviteLinkId}`, headers: c.opponent.headers }));
  if (start.kind === 'reported') ok(await report(c, start.by, start.result));
  if (start.kind === 'disputed') {
    ok(await report(c, 'challenger', start.result));
    ok(await report(c, 'opponent', start.result));
  }
}

async function fire(c: Cast, command: Command): Promise<Answer> {
  const http = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<Answer> => {
    const r = await res;
    let body: Record<string, unknown>;
    try {
      body = r.json() as Record<string, unknown>;
    } catch {
      body = { raw: r.body };
    }
    return { command, status: r.statusCode, body };
  };
  switch (command.kind) {
    case 'report':
      return http(report(c, command.by, command.result));
    case 'resolve': {
      const winnerId = command.winner === null ? null : player(c, command.winner).id;
      return http(h.app.inject({ method: 'PUT', url: `/api/admin/bets/${c.betId}/resolve`, headers: c.admin.headers, payload: { winnerId, adminNotes: 'property' } }));
    }
    case 'cancel':
      return http(h.app.inject({ method: 'POST', url: `/api/bets/${c.betId}/cancel`, headers: c.challenger.headers }));
    case 'accept': {
      const url = command.via === 'invite' ? `/api/challenges/accept/${c.inviteLinkId}` : `/api/challenges/join/${c.betId}`;
      return http(h.app.inject({ method: 'POST', url, headers: c.thirds[command.third].headers }));
    }
    case 'deadline':
      try {
        if (command.step === 'scheduler-tick') return { command, status: 200, body: { tick: await new BetScheduler(h.deps).tick() } };
        const outcome = await new BetSagas(h.deps).runDeadline(c.betId, command.step);
        return { command, status: 200, body: { events: outcome.events } };
      } catch (error) {
        return { command, status: 500, body: { error: error instanceof Error ? error.stack ?? error.message : String(error) } };
      }
    default: {
      const unexpected: never = command;
      throw new Error(`unknown command ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A `betJson` answer (resolve, cancel, report) or the `{ bet }` of an accept/join. */
function answeredBet(a: Answer): { status: string; opponentId: string | null; actualWinner: string | null; challengerResult: string | null; opponentResult: string | null } {
  return (a.command.kind === 'accept' ? a.body.bet : a.body) as ReturnType<typeof answeredBet>;
}

function dataOf(events: readonly RecordedEvent[], type: string): Record<string, unknown>[] {
  return events.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);
}


/** Every 2xx is what the stream records, and an answer naming an ended bet names the end it reached. */
function checkAnswersRecorded(c: Cast, answers: readonly Answer[], events: readonly RecordedEvent[], final: ExistingBet): void {
  for (const a of answers.filter((x) => x.status >= 200 && x.status < 300)) {
    const why = JSON.stringify(a);
    const cmd = a.command;
    if (cmd.kind === 'deadline') {
      const decided = (a.body.events ?? []) as { type: string; data: unknown }[];
      for (const e of decided) expect(dataOf(events, e.type), why).toContainEqual(e.data);
      continue;
    }
    // A 202 ("recorded, still processing": the read models lag) carries no bet; a known stale no-op answer is spared (see above).
    const spareBody = a.status !== 200;
    const bet = spareBody ? null : answeredBet(a);
    if (bet && TERMINAL_BET_STATUSES.includes(bet.status as never)) {
      expect(final.status, why).toBe(bet.status);
      expect(final.winnerId, why).toBe(bet.actualWinner);
    }
    switch (cmd.kind) {
      case 'report': {
        const by = player(c, cmd.by).id;
        expect(dataOf(events, 'BetResultReported').filter((d) => d.reporterId === by).map((d) => d.result), why).toEqual([cmd.result]);
        if (bet) expect(cmd.by === 'challenger' ? bet.challengerResult : bet.opponentResult, why).toBe(cmd.result);
        break;
      }
      case 'resolve': {
        const winnerId = cmd.winner === null ? null : player(c, cmd.winner).id;
        expect(dataOf(events, 'DisputeResolved').map((d) => [d.adminId, d.winnerId]), why).toEqual([[c.admin.id, winnerId]]);
        if (winnerId === null) {
          expect(dataOf(events, 'BetVoided').map((d) => d.reason), why).toEqual(['admin']);
          if (bet) expect(bet.status, why).toBe('voided');
        } else {
          expect(dataOf(events, 'BetSettled').map((d) => [d.winnerId, d.settledBy]), why).toEqual([[winnerId, 'admin']]);
          if (bet) expect([bet.status, bet.actualWinner], why).toEqual(['completed', winnerId]);
        }
        break;
      }
      case 'cancel':
        expect(dataOf(events, 'BetCancelled').map((d) => d.cancelledBy), why).toEqual([c.challenger.id]);
        if (bet) expect(bet.status, why).toBe('cancelled');
        break;
      case 'accept': {
        const acceptor = c.thirds[cmd.third].id;
        expect(dataOf(events, 'BetAccepted').map((d) => d.opponentId), why).toEqual([acceptor]);
        if (bet) expect(bet.opponentId, why).toBe(acceptor);
        break;
      }
    }
  }
}

/** What each user's available balance must be once the follow-ups ran, from the bet's final state alone. */
function expectedBalances(c: Cast, final: ExistingBet): Map<string, string> {
  const everyone = [c.challenger, c.opponent, ...c.thirds];
  const expected = new Map(everyone.map((p) => [p.id, FUNDS]));
  const paidIn = new Decimal(FUNDS).minus(COST);
  const inPlay = [c.challenger.id, ...(final.opponentId ? [final.opponentId] : [])];
  if (final.status === 'pending' || final.status === 'accepted' || final.status === 'disputed') for (const id of inPlay) expected.set(id, paidIn.toFixed(2));
  if (final.status === 'completed') {
    for (const id of inPlay) expected.set(id, paidIn.toFixed(2));
    expected.set(final.winnerId!, paidIn.plus(new Decimal(STAKE).mul(2)).toFixed(2));
  }
  return expected;
}

async function checkBooksAfter(c: Cast, events: readonly RecordedEvent[], final: ExistingBet): Promise<void> {
  const terminal = TERMINAL_BET_STATUSES.includes(final.status);
  await checkBooks(h, terminal ? [c.betId] : []);
  const books = await ledger(h);
  const escrow = escrowOf(books, c.betId);
  const inPlay = final.status === 'pending' ? 1 : 2;
  expect(escrow.toFixed(2), `escrow of a ${final.status} bet`).toBe(terminal ? '0.00' : new Decimal(COST).mul(inPlay).toFixed(2));
  const money = await betMoney(h, c.betId);
  const fees = dataOf(events, 'BetSettled').reduce((sum, d) => sum.plus(d.feeIncome as string), new Decimal(0));
  expect(money.locked.minus(money.released).minus(money.paidOut).minus(fees).toFixed(2), 'escrow from the wallet events').toBe(escrow.toFixed(2));
  expect(money.paidOut.plus(money.released).plus(fees).lte(money.locked), `paid out ${money.paidOut.toFixed(2)} + refunded ${money.released.toFixed(2)} > locked ${money.locked.toFixed(2)}`).toBe(true);
  expect(money.payouts, 'one payout, to the recorded winner').toEqual(final.status === 'completed' ? [{ userId: final.winnerId, amount: new Decimal(STAKE).mul(2).toFixed(2) }] : []);
  for (const [userId, balance] of expectedBalances(c, final)) expect(available(books, userId), `available of ${userId} on a ${final.status} bet`).toBe(balance);
}

async function runRace(race: Race): Promise<void> {
  const c = await cast();
  await reach(c, race.start);
  await settleFollowUps(h);
  if (race.pastDeadline && race.commands.some((x) => x.kind === 'deadline')) h.clock.advance(PAST_EVERY_DEADLINE_MS);
  const streamId = betStreamId(c.betId);
  const endRace = raceOnNextDecisions(streamId, race.commands.length);
  let answers: Answer[];
  try {
    answers = await Promise.all(race.commands.map((command) => fire(c, command)));
  } finally {
    endRace();
  }
  const summary = JSON.stringify({ race, answers: answers.map((a) => [a.command, a.status, a.status === 200 && a.command.kind !== 'deadline' ? answeredBet(a).status : a.body]) });

  // No 5xx, and every refusal is a typed one with the spec's text.
  expect(answers.filter((a) => a.status >= 500), summary).toEqual([]);
  for (const a of answers.filter((x) => x.status >= 400)) expect(a.body.error, summary).toEqual(expect.any(String));

  await settleFollowUps(h);
  const events = await h.deps.store.readStream(streamId);
  const final = foldStream(betDecider, events);
  if (!('bet' in final)) throw new Error(`bet ${c.betId} has no state: ${summary}`);

  // The stream itself is a possible history: one acceptance, one report per player, one end.
  expect(dataOf(events, 'BetAccepted').length, summary).toBeLessThanOrEqual(1);
  const reporters = dataOf(events, 'BetResultReported').map((d) => d.reporterId);
  expect(new Set(reporters).size, summary).toBe(reporters.length);
  expect(events.filter((e) => ['BetSettled', 'BetCancelled', 'BetExpired', 'BetVoided'].includes(e.type)).length, summary).toBeLessThanOrEqual(1);

  checkAnswersRecorded(c, answers, events, final);
  await checkBooksAfter(c, events, final);

  // The read model shows what the stream says.
  const shown = await h.app.inject({ method: 'GET', url: `/api/bets/${c.betId}`, headers: c.challenger.headers });
  expect([shown.json().status, shown.json().opponentId, shown.json().actualWinner], summary).toEqual([final.status, final.opponentId, final.winnerId]);
}

/**
 * What the property found once, at the lowest level that shows it: a command whose effect is
 * already recorded is decided as a no-op; it must still report the position it decided on, so its
 * 200 answer waits for the read models to show that record.
 */
describe('a command whose effect a twin already recorded', () => {
  const recordedAt = async (betId: string, type: string) => (await h.deps.store.readStream(betStreamId(betId))).find((e) => e.type === type)!.position;

  it('an accept by the player who already holds the bet reports the position of that acceptance', async () => {
    // Given a bet accepted by invite
    const c = await cast();
    const joiner = c.thirds[0];
    const accepted = await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${c.inviteLinkId}`, headers: joiner.headers });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // When the same player's join from the marketplace (its twin, sent at once) is decided after it
    const twin = await new BetSagas(h.deps).accept({ betId: c.betId, acceptorId: joiner.id, via: 'marketplace' });
    // Then it decides nothing, and names where the acceptance is, so the answer waits for the read models to show it
    expect(twin.events).toEqual([]);
    expect(twin.position, 'no position: the answer reads whatever the read model shows').not.toBeNull();
    expect(comparePositions(twin.position!, await recordedAt(c.betId, 'BetAccepted'))).toBeGreaterThanOrEqual(0);
  });

  it('a second cancel reports the position of the cancellation', async () => {
    const c = await cast();
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${c.betId}/cancel`, headers: c.challenger.headers })).statusCode).toBe(200);
    const twin = await new BetSagas(h.deps).cancel(c.betId, c.challenger.id);
    expect(twin.events).toEqual([]);
    expect(twin.position, 'no position: the answer reads whatever the read model shows').not.toBeNull();
    expect(comparePositions(twin.position!, await recordedAt(c.betId, 'BetCancelled'))).toBeGreaterThanOrEqual(0);
  });
});

describe('random concurrent commands on one bet', () => {
  it('never answer 5xx, answer 2xx only for what is recorded, and keep the books whole', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(raceArb, async (race) => {
        await runRace(race);
      }),
      { numRuns: RUNS },
    );
  });
});
