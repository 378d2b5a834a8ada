// Proves the push device routes on PostgreSQL: only a signed-in player reaches them, a player sees and removes only their own devices, subscriptions are validated, a repeat is one device, and production without VAPID keys refuses push.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DEVICES_PER_USER_MAX } from '@wager/domain/push/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, signUpUser } from '../../testing/users.js';
import { GENERATED_VAPID_SECRET_NAME } from '../../adapters/push/vapid.js';

const CHROME_ON_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'push_api' });
});
afterAll(async () => {
  await h.close();
});

function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) {
  return { endpoint, expirationTime: null, keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

async function player(): Promise<{ id: string; headers: { authorization: string } }> {
  const { user, token } = await signUpUser(h);
  return { id: user.id, headers: authHeader(token) };
}

const subscribe = (headers: Record<string, string>, payload: unknown, userAgent = CHROME_ON_ANDROID) =>
  h.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers: { ...headers, 'user-agent': userAgent }, payload: payload as Record<string, unknown> });
const devicesOf = async (headers: Record<string, string>) => (await h.app.inject({ method: 'GET', url: '/api/user/push-subscriptions', headers })).json() as { devices: { id: string; label: string }[] };

describe('authorization', () => {
  it.each([
    ['GET', '/api/push/vapid-public-key'],
    ['GET', '/api/user/push-subscriptions'],
    ['POST', '/api/user/push-subscriptions'],
    ['DELETE', '/api/user/push-subscriptions'],
    ['DELETE', `/api/user/push-subscriptions/${randomUUID()}`],
  ])('a visitor gets 401 from %s %s', async (method, url) => {
    const response = await h.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it('an outsider neither lists nor removes another player’s device, by id or by endpoint', async () => {
    const owner = await player();
    const outsider = await player();
    const subscription = browserSubscription();
    const created = await subscribe(owner.headers, subscription);
    const { id } = (created.json() as { device: { id: string } }).device;

    expect((await devicesOf(outsider.headers)).devices).toEqual([]);
    const byId = await h.app.inject({ method: 'DELETE', url: `/api/user/push-subscriptions/${id}`, headers: outsider.headers });
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual({ error: 'Device not found', code: 'push_device_not_found' });
    const byEndpoint = await h.app.inject({ method: 'DELETE', url: '/api/user/push-subscriptions', headers: outsider.headers, payload: { endpoint: subscription.endpoint } });
    expect(byEndpoint.statusCode).toBe(204);
    expect((await devicesOf(owner.headers)).devices.map((d) => d.id)).toEqual([id]);
  });
});

describe('GET /api/push/vapid-public-key', () => {
  it('gives a signed-in player the 65-byte public key generated once and kept in the database', async () => {
    const { headers } = await player();
    const first = await h.app.inject({ method: 'GET', url: '/api/push/vapid-public-key', headers });
    expect(first.statusCode, first.body).toBe(200);
    const { publicKey } = first.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const again = await h.app.inject({ method: 'GET', url: '/api/push/vapid-public-key', headers });
    expect(again.json()).toEqual({ publicKey });
    const stored = await h.deps.db.selectFrom('app_secrets').select('value').where('name', '=', GENERATED_VAPID_SECRET_NAME).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toMatchObject({ publicKey });
  });
});

describe('POST /api/user/push-subscriptions', () => {
  it('keeps this device with a label from its browser, and a repeat (new keys) is the same device', async () => {
    const me = await player();
    const subscription = browserSubscription();
    const created = await subscribe(me.headers, subscription);
    expect(created.statusCode, created.body).toBe(201);
    const device = (created.json() as { device: { id: string; label: string; lastSuccessAt: null } }).device;
    expect(device).toMatchObject({ label: 'Chrome on Android', lastSuccessAt: null });

    const renewed = { ...subscription, keys: browserSubscription().keys };
    const again = await subscribe(me.headers, renewed);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { device: { id: string } }).device.id).toBe(device.id);
    expect((await devicesOf(me.headers)).devices.map((d) => d.id)).toEqual([device.id]);
    const stored = await h.deps.db.selectFrom('push_subscriptions').selectAll().where('id', '=', device.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: me.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth, user_agent: CHROME_ON_ANDROID });
  });

  it('moves a browser’s subscription to the player who subscribed it last (a shared browser)', async () => {
    const first = await player();
    const second = await player();
    const subscription = browserSubscription();
    await subscribe(first.headers, subscription);
    expect((await subscribe(second.headers, subscription)).statusCode).toBe(200);
    expect((await devicesOf(first.headers)).devices).toEqual([]);
    expect((await devicesOf(second.headers)).devices).toHaveLength(1);
  });

  it.each([
    ['a plain-http endpoint', { ...browserSubscription(), endpoint: 'http://fcm.googleapis.com/fcm/send/x' }],
    ['a short key', { ...browserSubscription(), keys: { p256dh: 'BAAA', auth: randomBytes(16).toString('base64url') } }],
    ['a 15-byte auth secret', { ...browserSubscription(), keys: { ...browserSubscription().keys, auth: randomBytes(15).toString('base64url') } }],
  ])('refuses %s with 400 invalid_push_subscription and keeps nothing', async (_, payload) => {
    const me = await player();
    const response = await subscribe(me.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'This browser sent a push subscription the server cannot use', code: 'invalid_push_subscription' });
    expect((await devicesOf(me.headers)).devices).toEqual([]);
  });

  it(`refuses a ${PUSH_DEVICES_PER_USER_MAX + 1}th device with 409 too_many_push_devices, also when devices race for the last place, and still renews a kept one`, async () => {
    const me = await player();
    const kept = browserSubscription();
    await subscribe(me.headers, kept);
    for (let i = 2; i < PUSH_DEVICES_PER_USER_MAX; i++) expect((await subscribe(me.headers, browserSubscription())).statusCode).toBe(201);
    // Three devices at once for the last place: one gets it
    const racing = await Promise.all([1, 2, 3].map(() => subscribe(me.headers, browserSubscription())));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await devicesOf(me.headers)).devices).toHaveLength(PUSH_DEVICES_PER_USER_MAX);
    const refused = await subscribe(me.headers, browserSubscription());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'too_many_push_devices', params: { max: PUSH_DEVICES_PER_USER_MAX } });
    expect((await subscribe(me.headers, kept)).statusCode).toBe(200);
  });
});

describe('DELETE /api/user/push-subscriptions', () => {
  it('turns push off for this device by endpoint, and for a listed device by id', async () => {
    const me = await player();
    const phone = browserSubscription();
    const laptop = browserSubscription();
    await subscribe(me.headers, phone);
    const laptopId = ((await subscribe(me.headers, laptop)).json() as { device: { id: string } }).device.id;
    expect((await h.app.inject({ method: 'DELETE', url: '/api/user/push-subscriptions', headers: me.headers, payload: { endpoint: phone.endpoint } })).statusCode).toBe(204);
    expect((await devicesOf(me.headers)).devices.map((d) => d.id)).toEqual([laptopId]);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/user/push-subscriptions/${laptopId}`, headers: me.headers })).statusCode).toBe(204);
    expect((await devicesOf(me.headers)).devices).toEqual([]);
  });
});

describe('production', () => {
  it('without VAPID keys, push is unavailable (503) and nothing is kept; with configured keys, they are the ones handed out', async () => {
    const off = await createTestHarness({ label: 'push_off', env: { NODE_ENV: 'production' }, databaseUrl: h.databaseUrl, project: false });
    try {
      const { headers } = await player();
      const key = await off.app.inject({ method: 'GET', url: '/api/push/vapid-public-key', headers });
      expect(key.statusCode).toBe(503);
      expect(key.json()).toEqual({ error: 'Push notifications are not available on this server', code: 'push_unavailable' });
      const refused = await off.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers, payload: browserSubscription() });
      expect(refused.statusCode).toBe(503);
      expect((await devicesOf(headers)).devices).toEqual([]);
    } finally {
      await off.close();
    }
    const publicKey = createECDH('prime256v1').generateKeys().toString('base64url');
    const on = await createTestHarness({ label: 'push_on', env: { NODE_ENV: 'production', VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: randomBytes(32).toString('base64url') }, databaseUrl: h.databaseUrl, project: false });
    try {
      const { headers } = await player();
      expect((await on.app.inject({ method: 'GET', url: '/api/push/vapid-public-key', headers })).json()).toEqual({ publicKey });
      const elsewhere = await on.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers, payload: browserSubscription('https://10.0.0.5/push/1') });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toMatchObject({ code: 'unknown_push_service' });
    } finally {
      await on.close();
    }
  });
});
