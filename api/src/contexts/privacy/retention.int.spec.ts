// Proves the retention job on real PostgreSQL with a test clock: nothing of a bet goes before RETENTION_DAYS after it ended; then a settled bet's evidence file leaves the disk (unless another live bet holds the same bytes), its chat texts read "[erased]" in the log and leave chat_messages, ChatPurged/EvidencePurged are recorded on the chat stream with what and why, the chat refuses new messages, the chain still verifies and the books are unchanged; a disputed bet keeps everything; a second pass does nothing; /metrics shows the passes.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_VALUE } from '@wager/domain';
import { DAY_MS } from '@wager/domain/privacy/index';
import { chatIdOfBet } from '@wager/domain/chat/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { fundedPlayer, ledger, multipart, settleFollowUps, type Player } from '../bets/testing.js';
import { authHeader } from '../../testing/users.js';
import { checkChain } from '../../runtime/trail.js';
import { runRetention } from './retention.js';

const TOKEN = 'metrics-token-for-retention-tests-0123';
const DATA_DIR = join(process.env.TMPDIR ?? '/tmp', `wager-retention-${randomUUID()}`);
let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'privacy_retention', env: { RETENTION_DAYS_EVIDENCE_AND_CHAT: '30', DATA_DIR, METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await h.close();
});

async function acceptedBet(a: Player, b: Player): Promise<string> {
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: a.headers, payload: { amount: '100', visibility: 'private', opponentId: b.id } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: b.headers })).statusCode).toBe(200);
  await settleFollowUps(h);
  return bet.id;
}
async function say(p: Player, betId: string, content: string) {
  return h.app.inject({ method: 'POST', url: `/api/chats/${chatIdOfBet(betId)}/messages`, headers: p.headers, payload: { content } });
}
async function reportWithEvidence(p: Player, betId: string, result: 'won' | 'lost', bytes: Buffer) {
  const form = multipart({ result }, [{ name: 'evidence', filename: 'score.png', contentType: 'image/png', bytes }]);
  const res = await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: { ...p.headers, ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(200);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return (res.json().resultEvidence as { sha256: string; url: string }[]).find((f) => f.sha256 === sha256)!;
}
/** A month later the first session has expired: sign in again. */
async function signedIn(p: Player): Promise<{ authorization: string }> {
  const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: p.user.username, password: p.password } });
  expect(res.statusCode, res.body).toBe(200);
  return authHeader(res.json().token as string);
}
const evidencePath = (sha256: string) => join(DATA_DIR, 'evidence', sha256);

describe('the retention job', () => {
  it('deletes the evidence and chat of a settled bet once the retention period is over, on record, and keeps a disputed one', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const settled = await acceptedBet(alice, bob);
    const disputed = await acceptedBet(alice, bob);
    const secret = `meet me at ${randomUUID()}`;
    expect((await say(alice, settled, secret)).statusCode).toBe(201);
    expect((await say(bob, disputed, `kept ${secret}`)).statusCode).toBe(201);
    const shared = Buffer.from(`png-${randomUUID()}`);
    const own = Buffer.from(`png-${randomUUID()}`);
    const sharedFile = await reportWithEvidence(alice, settled, 'won', shared);
    const ownFile = await reportWithEvidence(bob, settled, 'lost', own);
    // The same bytes in the disputed bet: one file on disk, held by that bet.
    await reportWithEvidence(alice, disputed, 'won', shared);
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${disputed}/result`, headers: bob.headers, payload: { result: 'won' } })).json()).toMatchObject({ status: 'disputed' });
    await settleFollowUps(h);
    expect((await h.deps.db.selectFrom('bets').select('status').where('id', '=', settled).executeTakeFirstOrThrow()).status).toBe('completed');

    // Before the period is over, nothing goes.
    h.clock.advance(29 * DAY_MS);
    expect(await runRetention(h.deps)).toEqual({ chats: 0, files: 0 });
    expect(existsSync(evidencePath(ownFile.sha256))).toBe(true);

    const booksBefore = await ledger(h);
    h.clock.advance(2 * DAY_MS);
    expect(await runRetention(h.deps)).toEqual({ chats: 1, files: 1 });
    await h.settle();

    // The files: the bet's own file is gone, the one the disputed bet still holds stays; the settled bet no longer serves either.
    expect(existsSync(evidencePath(ownFile.sha256))).toBe(false);
    expect(existsSync(evidencePath(sharedFile.sha256))).toBe(true);
    const aliceNow = await signedIn(alice);
    expect((await h.app.inject({ method: 'GET', url: ownFile.url, headers: aliceNow })).statusCode).toBe(404);

    // The chat: recorded, texts shredded in the log (as the app reads it and raw), gone from the read table, closed.
    const chatId = chatIdOfBet(settled);
    const events = await h.deps.store.readStream(`chat-${chatId}`);
    const purged = events.filter((e) => e.type === 'ChatPurged' || e.type === 'EvidencePurged');
    expect(purged.map((e) => e.data)).toEqual([
      { chatId, betId: settled, reason: 'retention', retentionDays: 30, messageCount: expect.any(Number), purgedAt: h.clock.now().toISOString() },
      { chatId, betId: settled, reason: 'retention', files: [{ sha256: sharedFile.sha256, reporterId: alice.id }, { sha256: ownFile.sha256, reporterId: bob.id }], purgedAt: h.clock.now().toISOString() },
    ]);
    const aliceMessage = events.find((e) => e.type === 'MessagePosted' && (e.data as { senderId: string }).senderId === alice.id)!;
    expect(aliceMessage.data).toMatchObject({ content: ERASED_VALUE });
    const { rows } = await sql<{ data: unknown }>`select data from es_events where stream_id = ${`chat-${chatId}`}`.execute(h.deps.db);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(await h.deps.db.selectFrom('chat_messages').select('id').where('chat_id', '=', chatId).execute()).toEqual([]);
    expect(await h.deps.db.selectFrom('chats').select(['is_closed', 'purged_evidence']).where('id', '=', chatId).executeTakeFirstOrThrow()).toMatchObject({ is_closed: true });
    const refused = await say({ ...bob, headers: await signedIn(bob) }, settled, 'anyone there?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'chat_closed' });
    expect(await checkChain(h.deps.store, `chat-${chatId}`)).toMatchObject({ intact: true });
    expect(await ledger(h)).toEqual(booksBefore);

    // The disputed bet keeps its chat and its evidence.
    expect(await h.deps.db.selectFrom('chat_messages').select('content').where('chat_id', '=', chatIdOfBet(disputed)).where('sender_id', '=', bob.id).execute()).toEqual([{ content: `kept ${secret}` }]);

    // Again: nothing more, nothing appended.
    expect(await runRetention(h.deps)).toEqual({ chats: 0, files: 0 });
    expect((await h.deps.store.readStream(`chat-${chatId}`)).length).toBe(events.length);

    // The operator sees that the job ran and what it deleted.
    const scrape = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.body).toMatch(/^wager_retention_runs_total [1-9]/m);
    expect(scrape.body).toMatch(/^wager_retention_purged_total\{kind="chat"\} [1-9]/m);
    expect(scrape.body).toMatch(/^wager_retention_last_run_timestamp_seconds [1-9]/m);
  });
});
