// Property: for an arbitrary small history of one person (sign-up with email, name and birth date, a verified phone, a deposit through the wallet commands, bets with another player under their platform username that end lost or cancelled so the balance ends at zero, one of them disputed, resolved against them and appealed with a reason of their own, chat messages, evidence files named by them, a bank account, a support message), the export before erasure holds what they entered; erasing them leaves every balance, posting and hash chain as before and the audit passing; afterwards none of their data is readable in the raw event rows, any table, the evidence folder or the app's log lines; and rebuilding the read models yields the same erased rows. FUZZ_SCALE scales the number of runs.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasedPlayerName } from '@wager/domain';
import { chatIdOfBet } from '@wager/domain/chat/index';
import { rebuildProjector } from '@wager/projections';
import { usersProjector } from '@wager/projections/users/projector';
import { chatMessagesProjector } from '@wager/projections/chat/messages.projector';
import { betsProjector } from '@wager/projections/bets/projector';
import { betTrailProjector } from '@wager/projections/bets/trail.projector';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { settleReactors } from '../../testing/reactors.js';
import { authHeader, makeAdmin, signUpUser } from '../../testing/users.js';
import { fundedPlayer, multipart, settleFollowUps, type Player } from '../bets/testing.js';
import { executeWalletCommand } from '../wallet/commands.js';
import { sandboxAccountName } from '../../sandbox/paystack/transfers.js';
import { requestPhoneCode, verifyPhoneCode } from '../accounts/commands.js';
import { PHONE_CODE_SECRET_NAME, appSecret, codeFor } from '../accounts/secrets.js';
import { checkChain } from '../../runtime/trail.js';
import { verifyLedger } from '../admin/audit.js';
import { erasePerson } from './erasure.js';

const scale = Math.max(1, Number(process.env.FUZZ_SCALE ?? '1'));
const NUM_RUNS = Math.round(3 * scale);

const logLines: string[] = [];
let h: TestHarness;
let q: Player;
let resolver: Player;
let reviewer: Player;
beforeAll(async () => {
  h = await createTestHarness({ label: 'erasure_property', env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => void logLines.push(line) } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  resolver = await fundedPlayer(h, '0');
  reviewer = await fundedPlayer(h, '0');
  await makeAdmin(h, resolver.id);
  await makeAdmin(h, reviewer.id);
});
afterAll(async () => {
  await h.close();
});

const word = fc.stringMatching(/^[a-z]{3,8}$/);
const history = fc.record({
  name: word,
  birthYear: fc.integer({ min: 1950, max: 1995 }),
  birthMonth: fc.integer({ min: 1, max: 12 }),
  birthDay: fc.integer({ min: 1, max: 28 }),
  phone: fc.boolean(),
  lost: fc.array(fc.integer({ min: 1, max: 40 }).map((n) => n * 10), { minLength: 1, maxLength: 2 }),
  cancelled: fc.boolean(),
  chats: fc.array(word, { maxLength: 2 }),
  evidence: fc.boolean(),
  appeal: fc.boolean(),
  bankAccount: fc.boolean(),
  support: fc.boolean(),
});
type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

/** Every row of every table of the schema (the event store's and the read models'), as `table:row` lines. */
async function dumpTables(): Promise<string[]> {
  const { rows: tables } = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = current_schema() order by tablename`.execute(h.deps.db);
  const parts: string[] = [];
  for (const { tablename } of tables) {
    const { rows } = await sql<{ r: string }>`select t::text as r from ${sql.table(tablename)} t`.execute(h.deps.db);
    parts.push(...rows.map((r) => `${tablename}:${r.r}`));
  }
  return parts;
}
async function books() {
  const balances = await h.deps.db.selectFrom('account_balances').selectAll().orderBy('account').execute();
  const entries = await sql`select * from ledger_entries order by event_id, posting_index`.execute(h.deps.db);
  const { rows: streams } = await sql<{ stream_id: string }>`select stream_id from es_streams order by stream_id`.execute(h.deps.db);
  const chains = await Promise.all(streams.map(async (s) => await checkChain(h.deps.store, s.stream_id)));
  // The stored log, byte for byte (data and metadata, which holds each event's hash).
  const { rows: log } = await sql<{ global_position: string; stream_id: string; type: string; data: unknown; metadata: unknown }>`select global_position, stream_id, type, data, metadata from es_events order by global_position`.execute(h.deps.db);
  return { balances, entries: entries.rows, chains, log };
}
function evidenceFolderText(): string {
  const dir = join(h.deps.config.DATA_DIR, 'evidence');
  if (!existsSync(dir)) return '';
  return readdirSync(dir).map((f) => `${f}:${readFileSync(join(dir, f)).toString('latin1')}`).join('\n');
}

async function live(run: History) {
  // A fresh opponent each run: their notifications are this run's only (a shared one's list, all at
  // the harness clock's one time, would page this run's out past the first page after enough runs).
  q = await fundedPlayer(h, '100000.00');
  const nonce = randomUUID().replace(/-/g, '').slice(0, 10);
  const username = `${run.name}${nonce}`.slice(0, 20);
  const email = `${run.name}.${nonce}@mail.example`;
  const dateOfBirth = `${run.birthYear}-${String(run.birthMonth).padStart(2, '0')}-${String(run.birthDay).padStart(2, '0')}`;
  const signed = await signUpUser(h, { username, email, dateOfBirth });
  const p: Player = { ...signed, id: signed.user.id, headers: authHeader(signed.token) };
  const personal: string[] = [email, username, dateOfBirth];
  let phone: string | null = null;
  if (run.phone) {
    phone = `+234803${String(randomInt(10_000_000)).padStart(7, '0')}`;
    const { codeId } = await requestPhoneCode(h.deps, p.id, phone);
    const code = codeFor(await appSecret(h.deps.db, PHONE_CODE_SECRET_NAME, h.clock.now()), codeId);
    expect(await verifyPhoneCode(h.deps, p.id, code)).toMatchObject({ verified: true });
    personal.push(phone.slice(4));
  }
  // The deposit is exactly what they will lose, stakes and the 2% fee: the balance ends at zero.
  const cents = run.lost.reduce((a, b) => a + b * 102, 0);
  const deposit = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  await executeWalletCommand(h.deps, { type: 'CreditDeposit', data: { userId: p.id, depositId: randomUUID(), provider: 'paystack', reference: randomUUID(), amount: deposit, currency: h.deps.config.WALLET_CURRENCY }, metadata: { now: h.clock.now() } }, randomUUID());
  if (run.bankAccount) {
    const accountNumber = `0${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
    const added = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: p.headers, payload: { bankCode: '058', accountNumber } });
    expect(added.statusCode, added.body).toBe(200);
    personal.push(accountNumber, sandboxAccountName(accountNumber));
  }
  if (run.cancelled) {
    const open = await h.app.inject({ method: 'POST', url: '/api/bets', headers: p.headers, payload: { amount: String(run.lost[0]), visibility: 'public' } });
    expect(open.statusCode, open.body).toBe(201);
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${open.json().bet.id}/cancel`, headers: p.headers })).statusCode).toBeLessThan(300);
  }
  const texts: string[] = [];
  const evidenceTexts: string[] = [];
  // The gaming handle they play their bets under.
  const platformUsername = `psn_${nonce}`;
  // What they wrote into their bets' records (the export holds it before erasure; nothing after).
  const ownWords: string[] = [platformUsername];
  for (const [i, stake] of run.lost.entries()) {
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: p.headers, payload: { amount: String(stake), visibility: 'private', opponentId: q.id, platformUsername } });
    expect(created.statusCode, created.body).toBe(201);
    const bet = created.json().bet as { id: string; inviteLinkId: string };
    expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: q.headers })).statusCode).toBe(200);
    await settleFollowUps(h);
    for (const chat of run.chats) {
      const text = `${chat} ${nonce}${i}${texts.length}`;
      texts.push(text);
      expect((await h.app.inject({ method: 'POST', url: `/api/chats/${chatIdOfBet(bet.id)}/messages`, headers: p.headers, payload: { content: text } })).statusCode).toBe(201);
    }
    // The first bet, when the history appeals: they claim the win too, the admin gives it to the other player, they appeal in their own words, another admin upholds.
    const appealed = run.appeal && i === 0;
    for (const [who, result] of [[p, appealed ? 'won' : 'lost'], [q, 'won']] as const) {
      // The file's name and bytes are theirs: the name must read "[erased]", the bytes leave the evidence folder.
      const filename = `score-${nonce}${i}.png`;
      const files = run.evidence && who === p ? [{ name: 'evidence', filename, contentType: 'image/png', bytes: Buffer.from(`evidence ${nonce}${i}`) }] : [];
      if (files.length > 0) {
        evidenceTexts.push(`evidence ${nonce}${i}`);
        ownWords.push(filename);
      }
      const form = multipart({ result }, files);
      const reported = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: { ...who.headers, ...form.headers }, payload: form.payload });
      expect(reported.statusCode, reported.body).toBe(200);
    }
    if (appealed) {
      const resolved = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: resolver.headers, payload: { winnerId: q.id, adminNotes: 'The clip shows it' } });
      expect(resolved.statusCode, resolved.body).toBe(200);
      const reason = `my goal counted ${nonce}${i}`;
      ownWords.push(reason);
      const filed = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/appeal`, headers: p.headers, payload: { reason } });
      expect(filed.statusCode, filed.body).toBe(201);
      const decided = await h.app.inject({ method: 'POST', url: `/api/admin/appeals/${bet.id}/decide`, headers: reviewer.headers, payload: { outcome: 'upheld', notes: 'Reviewed the clip again' } });
      expect(decided.statusCode, decided.body).toBe(200);
    }
    await settleFollowUps(h);
    expect((await h.deps.db.selectFrom('bets').select('status').where('id', '=', bet.id).executeTakeFirstOrThrow()).status).toBe('completed');
  }
  personal.push(...texts, ...ownWords);
  if (run.support) {
    const message = `help me ${nonce}`;
    const sent = await h.app.inject({ method: 'POST', url: '/api/support/messages', headers: p.headers, payload: { kind: 'contact', name: `${run.name} ${nonce}`, email, subject: 'My account', message, clientMessageId: randomUUID() } });
    expect(sent.statusCode, sent.body).toBe(201);
    personal.push(message, `${run.name} ${nonce}`);
  }
  // Every reactor done (not only the bets' follow-ups): one still raising a notification or a chat
  // notice for this history would append after the books are taken below, and be read as the erasure's.
  await settleReactors(h);
  return { p, personal, texts, ownWords, evidenceTexts, email, username, dateOfBirth, phone };
}

describe('erasing one person after an arbitrary small history', () => {
  it(
    'keeps the books and chains, leaves none of their data readable anywhere, and a rebuild yields the same erased rows',
    async () => {
      await fc.assert(
        fc.asyncProperty(history, async (run) => {
          const { p, personal, texts, ownWords, evidenceTexts, email, username, dateOfBirth, phone } = await live(run);

          // The export before erasure holds what they entered.
          const exported = await h.app.inject({ method: 'GET', url: '/api/user/export', headers: p.headers });
          expect(exported.statusCode).toBe(200);
          for (const datum of [email, username, dateOfBirth, ...(phone ? [phone] : []), ...texts, ...ownWords]) expect(exported.body).toContain(datum);

          expect((await h.deps.db.selectFrom('wallets').select('balance').where('user_id', '=', p.id).executeTakeFirstOrThrow()).balance).toMatch(/^0(\.0+)?$/);
          const before = await books();
          await erasePerson(h.deps, p.id, 'self');
          await h.settle();
          const after = await books();
          // Balances and postings unchanged; the log as it was (only the erasure's own events appended); every chain intact.
          expect(after.balances).toEqual(before.balances);
          expect(after.entries).toEqual(before.entries);
          expect(after.log.slice(0, before.log.length)).toEqual(before.log);
          const appended = new Set(after.log.slice(before.log.length).map((e) => e.type));
          expect([...appended].filter((t) => !['PersonErased', 'PhoneReleased', 'EvidencePurged'].includes(t))).toEqual([]);
          expect(appended.has('PersonErased')).toBe(true);
          expect(after.chains.filter((c) => !c.intact)).toEqual([]);
          expect((await verifyLedger(h.deps, h.clock.now())).failures).toEqual([]);

          const tables = await dumpTables();
          const evidence = evidenceFolderText();
          for (const bytes of evidenceTexts) expect(evidence, 'their evidence file left the folder').not.toContain(bytes);
          for (const datum of personal) {
            const found = tables.filter((row) => row.includes(datum));
            expect(found, `${datum} in a table`).toEqual([]);
            expect(evidence, `${datum} in the evidence folder`).not.toContain(datum);
            // (the provider sandboxes' own request lines are the provider's log, not the app's: Paystack's resolve takes the number in its query)
            expect(logLines.filter((line) => line.includes(datum) && !line.includes('"url":"/sandbox/')), `${datum} in the logs`).toEqual([]);
          }

          // The other player's notifications and the chat's platform messages still read sensibly: the person under their pseudonym.
          const pseudonym = erasedPlayerName(p.id);
          const listed = await h.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: q.headers });
          expect(listed.statusCode, listed.body).toBe(200);
          const naming = (listed.json().notifications as { params: Record<string, string | null> }[]).filter((n) => n.params.challengerId === p.id || n.params.reporterId === p.id);
          expect(naming.length).toBeGreaterThan(0);
          for (const n of naming) expect(n.params.challenger ?? n.params.reporter).toBe(pseudonym);
          // Each chat between them: every result the erased person reported reads under the pseudonym (won on a disputed bet, lost otherwise).
          const chats = await h.deps.db.selectFrom('chats').select('id').where('participant1_id', '=', p.id).where('participant2_id', '=', q.id).execute();
          expect(chats.length).toBeGreaterThan(0);
          for (const chat of chats) {
            const messages = (await h.app.inject({ method: 'GET', url: `/api/chats/${chat.id}/messages?limit=50`, headers: q.headers })).json() as { content: string; senderId: string; notice: { kind: string; params: Record<string, unknown> } | null }[];
            const theirs = messages.filter((m) => m.notice?.kind === 'result_reported' && m.notice.params.reporterId === p.id);
            expect(theirs.length).toBeGreaterThan(0);
            for (const m of theirs) expect([`${pseudonym} reported: won`, `${pseudonym} reported: lost`]).toContain(m.content);
          }

          // A rebuild of the read models yields the same erased rows.
          const rowsOf = async () => ({
            user: await h.deps.db.selectFrom('users').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow(),
            chats: await h.deps.db.selectFrom('chat_messages').select(['chat_id', 'content', 'sender_id']).where('sender_id', '=', p.id).orderBy('chat_id').orderBy('stream_revision').execute(),
            bets: await h.deps.db.selectFrom('bets').selectAll().where('challenger_id', '=', p.id).orderBy('id').execute(),
            trail: await h.deps.db
              .selectFrom('bet_trail')
              .select(['event_id', 'type', 'data'])
              .where('bet_id', 'in', (eb) => eb.selectFrom('bets').select('id').where('challenger_id', '=', p.id))
              .orderBy('event_id')
              .execute(),
          });
          const erased = await rowsOf();
          await rebuildProjector({ store: h.deps.store, db: h.deps.db, projector: usersProjector });
          await rebuildProjector({ store: h.deps.store, db: h.deps.db, projector: chatMessagesProjector });
          await rebuildProjector({ store: h.deps.store, db: h.deps.db, projector: betsProjector });
          await rebuildProjector({ store: h.deps.store, db: h.deps.db, projector: betTrailProjector });
          expect(await rowsOf()).toEqual(erased);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    120_000 * scale,
  );
});
