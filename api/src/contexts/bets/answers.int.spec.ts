// Proves a bet command's answer is the bet its stream makes (betRowOf over the stream as read) after every step of a lifecycle, folded from the command's own events without reading the bet's stream again; and that erasing a person (the PersonErased event, the sessions.ended signal) makes the next answer read the stream again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betStreamId, createChallengeSchema } from '@wager/domain/bets/index';
import { betRowOf } from '@wager/projections/bets/projector';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { endSessions } from '../../plugins/sessions.js';
import { BetSagas, type BetOutcome } from './commands.js';
import { fundedPlayer } from './testing.js';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bets_answers' });
});
afterAll(async () => {
  await h.close();
});

/**
 * `answerRow` and how many reads of the bet's stream it started. A read is started before the
 * call's first await (the store's `readStream` is called synchronously), so the count is taken
 * right after the call: the reactors running meanwhile in this process cannot add to it.
 */
async function answered(sagas: BetSagas, betId: string, outcome: BetOutcome) {
  const store = h.deps.store;
  const hadOwn = Object.hasOwn(store, 'readStream');
  const original = store.readStream;
  let reads = 0;
  store.readStream = function (id, options) {
    if (id === betStreamId(betId)) reads++;
    return original.call(store, id, options);
  };
  let pending: ReturnType<BetSagas['answerRow']>;
  try {
    pending = sagas.answerRow(betId, outcome);
  } finally {
    if (hadOwn) store.readStream = original;
    else delete (store as { readStream?: unknown }).readStream;
  }
  return { row: await pending, reads };
}

async function streamRow(betId: string) {
  return betRowOf(await h.deps.store.readStream(betStreamId(betId)));
}

async function players() {
  return { alice: await fundedPlayer(h), bob: await fundedPlayer(h) };
}

const challenge = () => createChallengeSchema.parse({ amount: '100', visibility: 'public' });

describe("a bet command's answer", () => {
  it('is the stream fold after create, join and each report, with no read of the bet\'s stream', async () => {
    const sagas = new BetSagas(h.deps);
    const { alice, bob } = await players();
    const betId = randomUUID();
    const steps: [string, () => Promise<BetOutcome>, number][] = [
      ['create', () => sagas.create({ betId, challengerId: alice.id, inviteLinkId: randomUUID(), challenge: challenge() }), 0],
      ['join', () => sagas.accept({ betId, acceptorId: bob.id, via: 'marketplace' }), 0],
      ['first report', () => sagas.report({ betId, userId: alice.id, result: 'lost', evidence: [] }), 0],
      ['second report (settles)', () => sagas.report({ betId, userId: bob.id, result: 'won', evidence: [] }), 0],
    ];
    for (const [name, step, reads] of steps) {
      const outcome = await step();
      const answer = await answered(sagas, betId, outcome);
      expect(answer.reads, name).toBe(reads);
      expect(answer.row, name).toEqual(await streamRow(betId));
    }
    expect((await streamRow(betId))?.status).toBe('completed');
  });

  it('is read from the stream again once a person is erased anywhere (the event, or the signal the erasure sends)', async () => {
    const sagas = new BetSagas(h.deps);
    const { alice, bob } = await players();
    const betId = randomUUID();
    await answered(sagas, betId, await sagas.create({ betId, challengerId: alice.id, inviteLinkId: randomUUID(), challenge: challenge() }));
    await endSessions(h.deps.bus, { userId: randomUUID() });
    const joined = await answered(sagas, betId, await sagas.accept({ betId, acceptorId: bob.id, via: 'marketplace' }));
    expect(joined.reads).toBe(1);
    expect(joined.row).toEqual(await streamRow(betId));

    const erased = { id: randomUUID(), type: 'PersonErased', data: { userId: randomUUID() }, metadata: {}, streamId: `user-${randomUUID()}`, streamRevision: 3, position: { commit: 1, prepare: 1 }, recordedAt: new Date() };
    await h.deps.bus.publish([erased as never]);
    const reported = await answered(sagas, betId, await sagas.report({ betId, userId: alice.id, result: 'lost', evidence: [] }));
    expect(reported.reads).toBe(1);
    expect(reported.row).toEqual(await streamRow(betId));
    // And held again from there on.
    const settled = await answered(sagas, betId, await sagas.report({ betId, userId: bob.id, result: 'won', evidence: [] }));
    expect(settled.reads).toBe(0);
    expect(settled.row).toEqual(await streamRow(betId));
  });
});
