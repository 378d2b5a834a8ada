// Proves the push sender against a fake push service on 127.0.0.1: each device gets the title and url once, encrypted to its keys and signed with the VAPID key; 404/410 drop the subscription; other failures retry with bounded backoff; a crash mid-call never pushes twice.
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { startFakePushService, type FakeDevice, type FakePushService } from '../../testing/fake-push-service/fake-push-service.js';
import { authHeader, signUpUser } from '../../testing/users.js';
import type { PushSender } from './port.js';
import { PUSH_ATTEMPTS_MAX, PUSH_CLAIM_LEASE_MS, PUSH_OUTBOX_TTL_MS, deliverQueuedPush, pushOutboxJob, pushRetryDelayMs, sendDuePushes } from './sender-job.js';
import { vapidKeys, type VapidKeys } from './vapid.js';
import { recordingStatements } from '../../testing/statement-recorder.js';
import { PUSH_TTL_SECONDS, webPushSender } from './web-push.js';

let h: TestHarness;
let service: FakePushService;
let keys: VapidKeys;
let sender: PushSender;
beforeAll(async () => {
  h = await createTestHarness({ label: 'push_sender' });
  service = await startFakePushService();
  keys = (await vapidKeys(h.deps.config, h.deps.db, h.clock.now()))!;
  sender = webPushSender(keys, { agent: service.agent });
});
afterAll(async () => {
  await h.close();
  await service.close();
});

/** A player with push on for `count` devices of the fake push service, subscribed through the API. */
async function playerWithDevices(count: number): Promise<{ userId: string; devices: FakeDevice[] }> {
  const { user, token } = await signUpUser(h);
  const devices: FakeDevice[] = [];
  for (let i = 0; i < count; i++) {
    const device = service.device();
    const response = await h.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers: authHeader(token), payload: device.subscription });
    expect(response.statusCode, response.body).toBe(201);
    devices.push(device);
  }
  return { userId: user.id, devices };
}

async function queue(userId: string, title = 'Your challenge was accepted'): Promise<{ id: string; url: string; title: string }> {
  const row = { id: randomUUID(), user_id: userId, title, url: `/matches/${randomUUID()}`, created_at: h.clock.now() };
  await h.deps.db.insertInto('push_outbox').values(row).execute();
  return row;
}

const outboxRow = (id: string) => h.deps.db.selectFrom('push_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const subscriptionExists = async (device: FakeDevice) => Boolean(await h.deps.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.subscription.endpoint).executeTakeFirst());

/** Checks an `Authorization: vapid t=<jwt>, k=<key>` header: signed by the server's private key, for the push service's origin. */
function expectVapidSigned(header: string | string[] | undefined, endpoint: string): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(header));
  expect(match?.[2]).toBe(keys.publicKey);
  const [head, claims, signature] = match![1]!.split('.') as [string, string, string];
  const point = Buffer.from(keys.publicKey, 'base64url');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: new URL(endpoint).origin, sub: keys.subject });
}

/** "update push_outbox", "select push_subscriptions", …: a statement's verb and table. */
function statementShape(statement: string): string {
  const match = /^(update|insert into|delete from|select .*? from) "?(\w+)"?/.exec(statement);
  return match ? `${match[1]!.split(' ')[0]} ${match[2]}` : statement;
}

describe('the push sender', () => {
  it('given a player with two devices, when a notification is pushed, then each device gets exactly its title, url and id, encrypted and VAPID-signed, once', async () => {
    const { userId, devices } = await playerWithDevices(2);
    const row = await queue(userId);
    expect(await deliverQueuedPush(h.deps, sender, row.id, h.clock.now())).toBe('done');
    expect(await sendDuePushes(h.deps, sender)).toBe(0);
    for (const device of devices) {
      const pushes = service.received(device);
      expect(pushes).toHaveLength(1);
      // Nothing personal leaves: the payload is the title, the app path it opens and the notification's id.
      expect(pushes[0]!.payload).toEqual({ title: row.title, url: row.url, tag: row.id });
      expect(pushes[0]!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: String(PUSH_TTL_SECONDS), topic: row.id.replaceAll('-', ''), urgency: 'normal' });
      expectVapidSigned(pushes[0]!.headers.authorization, device.subscription.endpoint);
    }
    expect(await outboxRow(row.id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    const stored = await h.deps.db.selectFrom('push_subscriptions').select('last_success_at').where('user_id', '=', userId).execute();
    expect(stored.map((s) => s.last_success_at)).toEqual([h.clock.now(), h.clock.now()]);
  });

  it.each([404, 410])('given a device the push service answers %i for, when pushed, then its subscription is dropped and the other device still gets it', async (status) => {
    const { userId, devices } = await playerWithDevices(2);
    const [dead, alive] = devices as [FakeDevice, FakeDevice];
    service.answer(dead, status);
    const row = await queue(userId);
    expect(await deliverQueuedPush(h.deps, sender, row.id, h.clock.now())).toBe('done');
    expect(await subscriptionExists(dead)).toBe(false);
    expect(await subscriptionExists(alive)).toBe(true);
    expect(service.received(alive)).toHaveLength(1);
    // The next notification goes to the living device only.
    const next = await queue(userId);
    await deliverQueuedPush(h.deps, sender, next.id, h.clock.now());
    expect(service.received(dead)).toHaveLength(1);
    expect(service.received(alive)).toHaveLength(2);
  });

  it('given a push service outage on one device, when pushed, then only that device is tried again, after the backoff, until it is delivered', async () => {
    const { userId, devices } = await playerWithDevices(2);
    const [flaky, healthy] = devices as [FakeDevice, FakeDevice];
    service.answer(flaky, 503);
    const row = await queue(userId);
    const start = h.clock.now();
    expect(await deliverQueuedPush(h.deps, sender, row.id, start)).toBe('waiting');
    const waiting = await outboxRow(row.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.next_attempt_at).toEqual(new Date(start.getTime() + pushRetryDelayMs(1)));
    expect(waiting.last_error).toMatch(/503/);

    // Not due yet: nothing is sent.
    h.clock.advance(pushRetryDelayMs(1) - 1);
    expect(await deliverQueuedPush(h.deps, sender, row.id, h.clock.now())).toBe('waiting');
    expect(service.received(flaky)).toHaveLength(1);

    service.answer(flaky, 201);
    h.clock.advance(1);
    expect(await deliverQueuedPush(h.deps, sender, row.id, h.clock.now())).toBe('done');
    expect(service.received(flaky).map((p) => p.status)).toEqual([503, 201]);
    expect(service.received(healthy)).toHaveLength(1);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('given a device that always fails, when retried, then it is given up after PUSH_ATTEMPTS_MAX tries and the notification is done', async () => {
    const { userId, devices } = await playerWithDevices(1);
    service.answer(devices[0]!, 500);
    const row = await queue(userId);
    let outcome = await deliverQueuedPush(h.deps, sender, row.id, h.clock.now());
    for (let attempt = 1; outcome === 'waiting'; attempt++) {
      h.clock.advance(pushRetryDelayMs(attempt));
      outcome = await deliverQueuedPush(h.deps, sender, row.id, h.clock.now());
    }
    expect(outcome).toBe('done');
    expect(service.received(devices[0])).toHaveLength(PUSH_ATTEMPTS_MAX);
    const delivery = await h.deps.db.selectFrom('push_deliveries').selectAll().where('outbox_id', '=', row.id).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'failed', attempts: PUSH_ATTEMPTS_MAX });
    expect(await subscriptionExists(devices[0]!)).toBe(true);
  });

  it('given a sender that stopped while pushing to a device, when the next sender takes the notification, then that device is not pushed again and the others are', async () => {
    const { userId, devices } = await playerWithDevices(2);
    const [interrupted, untouched] = devices as [FakeDevice, FakeDevice];
    const row = await queue(userId);
    const subscription = await h.deps.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', interrupted.subscription.endpoint).executeTakeFirstOrThrow();
    // What a crash between "sending" and the push service's answer leaves behind.
    await h.deps.db.insertInto('push_deliveries').values({ outbox_id: row.id, subscription_id: subscription.id, status: 'sending', attempts: 1, next_attempt_at: h.clock.now(), updated_at: h.clock.now() }).execute();
    expect(await deliverQueuedPush(h.deps, sender, row.id, h.clock.now())).toBe('done');
    expect(service.received(interrupted)).toHaveLength(0);
    expect(service.received(untouched)).toHaveLength(1);
    expect(await h.deps.db.selectFrom('push_deliveries').select('status').where('subscription_id', '=', subscription.id).executeTakeFirstOrThrow()).toEqual({ status: 'interrupted' });
  });

  it('given two senders at once, when both push the due notifications, then every device gets each notification once', async () => {
    const { userId, devices } = await playerWithDevices(3);
    const rows = [await queue(userId, 'one'), await queue(userId, 'two')];
    await Promise.all([sendDuePushes(h.deps, sender), sendDuePushes(h.deps, sender), sendDuePushes(h.deps, sender)]);
    for (const device of devices) expect(service.received(device).map((p) => (p.payload as { title: string }).title).sort()).toEqual(['one', 'two']);
    for (const row of rows) expect((await outboxRow(row.id)).status).toBe('done');
  });

  it('given several notifications to several devices, when a round pushes them, then it takes one statement per step and table, not per push', async () => {
    // Nothing else due: the round holds exactly these rows.
    await h.deps.db.updateTable('push_outbox').set({ status: 'done' }).where('status', '=', 'queued').execute();
    const first = await playerWithDevices(2);
    const second = await playerWithDevices(1);
    service.answer(first.devices[1]!, 503);
    const rows = [await queue(first.userId, 'one'), await queue(first.userId, 'two'), await queue(second.userId, 'three')];
    const recorded = recordingStatements(h.deps.db);
    expect(await sendDuePushes({ ...h.deps, db: recorded.db }, sender)).toBe(3);
    expect(recorded.statements.map(statementShape)).toEqual([
      'update push_outbox', // the claim
      'select push_subscriptions', // the users' devices
      'select push_deliveries', // the deliveries so far
      'insert push_deliveries', // every push due written `sending` before any is made
      'update push_deliveries', // their outcomes
      'update push_subscriptions', // the devices' last success or failure
      'update push_outbox', // the rows' outcomes
    ]);
    expect(recorded.statements[0]).toMatch(/for update skip locked\) returning \*$/);
    expect(service.received(first.devices[0]!).map((p) => (p.payload as { title: string }).title).sort()).toEqual(['one', 'two']);
    expect(service.received(second.devices[0]!).map((p) => (p.payload as { title: string }).title)).toEqual(['three']);
    expect((await Promise.all(rows.map((row) => outboxRow(row.id)))).map((row) => [row.status, row.attempts, row.claimed_until])).toEqual([
      ['queued', 1, null],
      ['queued', 1, null],
      ['done', 1, null],
    ]);
  });

  it('given a sender that stopped between its claim and its mark, when its claim has run out, then the next round takes the notification up and finishes it without pushing any device twice', async () => {
    await h.deps.db.updateTable('push_outbox').set({ status: 'done' }).where('status', '=', 'queued').execute();
    const { userId, devices } = await playerWithDevices(2);
    const row = await queue(userId);
    // The first push hangs, as a process that died in the push service's call: its round never marks.
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    void sendDuePushes(h.deps, { name: 'stuck', send: () => (started(), new Promise<never>(() => undefined)) });
    await sending;
    expect(await sendDuePushes(h.deps, sender)).toBe(0);
    h.clock.advance(PUSH_CLAIM_LEASE_MS);
    expect(await sendDuePushes(h.deps, sender)).toBe(1);
    // Every push the stopped round had written `sending` may have gone out: none is made again (at most once).
    expect(devices.map((device) => service.received(device).length)).toEqual([0, 0]);
    const deliveries = await h.deps.db.selectFrom('push_deliveries').select('status').where('outbox_id', '=', row.id).execute();
    expect(deliveries.map((d) => d.status)).toEqual(['interrupted', 'interrupted']);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'done', attempts: 1, claimed_until: null });
  });

  it('given a notification older than a day, when it comes up, then it is expired and nothing is pushed', async () => {
    const { userId, devices } = await playerWithDevices(1);
    const row = await queue(userId);
    h.clock.advance(PUSH_OUTBOX_TTL_MS + 1);
    expect(await deliverQueuedPush(h.deps, sender, row.id, h.clock.now())).toBe('expired');
    expect(service.received(devices[0])).toHaveLength(0);
    expect((await outboxRow(row.id)).status).toBe('expired');
  });

  it('given the sender job running, when a notification is written to push_outbox, then it is pushed', async () => {
    const { userId, devices } = await playerWithDevices(1);
    const job = pushOutboxJob(h.deps, async () => sender);
    job.start();
    try {
      const row = await queue(userId, 'From the job');
      await vi.waitFor(async () => expect((await outboxRow(row.id)).status).toBe('done'), { timeout: 10_000, interval: 50 });
      expect(service.received(devices[0]).map((p) => p.payload)).toEqual([{ title: 'From the job', url: row.url, tag: row.id }]);
    } finally {
      await job.stop();
    }
  });
});
