// Proves the bets' followers learn a bet's players, currency and rules without reading its stream when this process holds them (the bets context's `betParties`, by stream revision): the notifications' and the live tracker's handlers of a whole lifecycle read neither the bet's nor its chat's stream, nor does the chat follow-up of an acceptance whose append opened the chat; a process that holds nothing reads the bet's stream once, then holds it; and what they decide is what the stream says. And create and join, when this process holds the players' wallets (and the bet, for the join), read neither the bet's stream, nor the wallets', nor the chat's the join opens (a new stream, decided as empty: the append's "no stream" is the check), nor does the live tracker read the match stream an acceptance opens.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus, type RecordedEvent } from '@wager/domain';
import { betStreamId, createChallengeSchema } from '@wager/domain/bets/index';
import { chatIdOfBet, chatStreamId } from '@wager/domain/chat/index';
import { matchStreamId } from '@wager/domain/live/index';
import { planNotifications } from '@wager/domain/notifications/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { notificationContextFor, notificationsRaiseReactor } from '../notifications/reactors.js';
import { liveTrackingReactor } from '../live/reactors.js';
import { walletStreamId } from '@wager/domain/wallet/index';
import { BetSagas } from './commands.js';
import { betParties } from './parties.js';
import { betFollowUpsReactor } from './reactors.js';
import { fundedPlayer } from './testing.js';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bets_parties' });
});
afterAll(async () => {
  await h.close();
});

const counted = new AsyncLocalStorage<Map<string, number>>();
let patched = false;

/** Runs `work` counting the stream reads it starts, by stream (the app's own reactors, running meanwhile, are not counted). */
async function readsOf(work: () => Promise<unknown>): Promise<Map<string, number>> {
  if (!patched) {
    patched = true;
    const store = h.deps.store;
    const original = store.readStream.bind(store);
    store.readStream = (id, options) => {
      const reads = counted.getStore();
      if (reads) reads.set(id, (reads.get(id) ?? 0) + 1);
      return original(id, options);
    };
  }
  const reads = new Map<string, number>();
  await counted.run(reads, work);
  return reads;
}

/** A whole lifecycle through the bet commands of this app: created, joined, both report, settled. */
async function lifecycle(): Promise<{ betId: string; events: RecordedEvent[] }> {
  const sagas = new BetSagas(h.deps);
  const alice = await fundedPlayer(h);
  const bob = await fundedPlayer(h);
  const betId = randomUUID();
  await sagas.create({ betId, challengerId: alice.id, inviteLinkId: randomUUID(), challenge: createChallengeSchema.parse({ amount: '100', visibility: 'public' }) });
  await sagas.accept({ betId, acceptorId: bob.id, via: 'marketplace' });
  await sagas.report({ betId, userId: alice.id, result: 'lost', evidence: [] });
  await sagas.report({ betId, userId: bob.id, result: 'won', evidence: [] });
  const events = await h.deps.store.readStream(betStreamId(betId));
  expect(events.map((e) => e.type)).toEqual(['BetCreated', 'BetAccepted', 'BetResultReported', 'BetResultReported', 'BetSettled']);
  return { betId, events };
}

/** The notifications' context of each event as the stream says it up to that event (what the reactor read before). */
function contextsFromStream(events: readonly RecordedEvent[]) {
  return events.map((event, i) => {
    const upTo = events.slice(0, i + 1);
    const created = upTo[0]!.data as { challengerId: string; currency: string };
    const accepted = upTo.find((e) => e.type === 'BetAccepted')?.data as { opponentId: string } | undefined;
    return planNotifications(event, { bet: { challengerId: created.challengerId, opponentId: accepted?.opponentId ?? null, currency: created.currency } });
  });
}

describe("a bet's followers in the process that ran its commands", () => {
  it("raise the notifications, track the match and check the chat of a whole lifecycle without reading the bet's or the chat's stream", async () => {
    const { betId, events } = await lifecycle();
    const streams = [betStreamId(betId), chatStreamId(chatIdOfBet(betId))];
    const reads = await readsOf(async () => {
      await notificationsRaiseReactor(h.deps).handleBatch!(events);
      for (const event of events) await notificationsRaiseReactor(h.deps).handle(event);
      await liveTrackingReactor(h.deps).handleBatch!(events.filter((e) => e.type !== 'BetCreated'));
      await betFollowUpsReactor(h.deps).handle(events[1]!);
    });
    expect(streams.map((s) => reads.get(s) ?? 0)).toEqual([0, 0]);
    // What they decided on is what the stream says as of each event.
    const planned = await Promise.all(events.map(async (e) => planNotifications(e, await notificationContextFor(h.deps, e))));
    expect(planned).toEqual(contextsFromStream(events));
    expect(planned.slice(1).every((p) => p.length > 0)).toBe(true);
  });
});

describe("a bet's followers in a process that holds nothing of it", () => {
  it("read the bet's stream once, then hold it, and decide as the stream says", async () => {
    const { betId, events } = await lifecycle();
    // Another app's bus: its own held parties, as another process.
    const elsewhere = { ...h.deps, bus: new InProcessBus() };
    const planned: unknown[] = [];
    const reads = await readsOf(async () => {
      for (const e of events) planned.push(planNotifications(e, await notificationContextFor(elsewhere, e)));
    });
    expect(reads.get(betStreamId(betId))).toBe(1);
    expect(planned).toEqual(contextsFromStream(events));
    // And the live tracker's start there reads nothing more: the creation is held.
    const again = await readsOf(() => liveTrackingReactor(elsewhere).handle(events[1]!));
    expect(again.get(betStreamId(betId)) ?? 0).toBe(0);
  });

  it('tell nobody of an opponent for an event recorded before the acceptance, even when the acceptance is held', async () => {
    const { betId, events } = await lifecycle();
    const elsewhere = { ...h.deps, bus: new InProcessBus() };
    // Holds the acceptance (a read of the whole stream), then asks as of the creation.
    await notificationContextFor(elsewhere, events[4]!);
    const creation = { ...events[1]!, type: 'BetExpired', data: { betId, refunds: [], expiredAt: new Date().toISOString() }, streamRevision: 0 } as RecordedEvent;
    expect((await notificationContextFor(elsewhere, creation)).bet).toMatchObject({ opponentId: null });
    expect((await notificationContextFor(elsewhere, events[1]!)).bet).toMatchObject({ opponentId: (events[1]!.data as { opponentId: string }).opponentId });
  });
});

describe('create and join in the process that holds the wallets', () => {
  it("read neither the bet's, the wallets' nor the new chat's stream", async () => {
    const sagas = new BetSagas(h.deps);
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const betId = randomUUID();
    const streams = [betStreamId(betId), walletStreamId(alice.id), walletStreamId(bob.id), chatStreamId(chatIdOfBet(betId))];
    const created = await readsOf(() => sagas.create({ betId, challengerId: alice.id, inviteLinkId: randomUUID(), challenge: createChallengeSchema.parse({ amount: '100', visibility: 'public' }) }));
    const joined = await readsOf(() => sagas.accept({ betId, acceptorId: bob.id, via: 'marketplace' }));
    expect(streams.map((s) => (created.get(s) ?? 0) + (joined.get(s) ?? 0))).toEqual([0, 0, 0, 0]);
    expect((await h.deps.store.readStream(betStreamId(betId))).map((e) => e.type)).toEqual(['BetCreated', 'BetAccepted']);
    // The chat opened with the join (its system messages, the reactors' follow-ups, may already follow).
    expect((await h.deps.store.readStream(chatStreamId(chatIdOfBet(betId)))).map((e) => e.type).filter((t) => t === 'ChatCreated')).toEqual(['ChatCreated']);
  });
});

describe("the live tracker's start on a match stream this process never saw", () => {
  it('opens it without reading it (decided as empty: the append\'s "no stream" is the check)', async () => {
    const { events } = await lifecycle();
    // The same bet's creation and acceptance under a new id, never stored (so no reactor of this app starts its tracking first).
    const betId = randomUUID();
    betParties(h.deps).noteAppended(betId, [{ type: 'BetCreated', data: { ...(events[0]!.data as object), betId } }], 0);
    const accepted = { ...events[1]!, id: randomUUID(), streamId: betStreamId(betId), data: { ...(events[1]!.data as object), betId } } as RecordedEvent;
    const reads = await readsOf(() => liveTrackingReactor(h.deps).handle(accepted));
    expect(reads.get(matchStreamId(betId)) ?? 0).toBe(0);
    expect(reads.get(betStreamId(betId)) ?? 0).toBe(0);
    expect((await h.deps.store.readStream(matchStreamId(betId))).map((e) => e.type)).toEqual(['MatchTrackingStarted']);
  });
});
