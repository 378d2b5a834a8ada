/**
 * The push context's HTTP surface (docs/api/push.md, issue 24): the server's VAPID public key and
 * a player's push devices. Every route is the signed-in player's own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@wager/domain';
import { PUSH_ENDPOINT_LENGTH_MAX, pushMessages, pushSubscriptionSchema } from '@wager/domain/push/index';
import type { PushSubscriptionRow } from '@wager/projections';
import { listPushDevices } from '@wager/projections/push/queries';
import { vapidKeys } from '../../adapters/push/vapid.js';
import { removeDevice, subscribeDevice, unsubscribeEndpoint } from './subscriptions.js';

export const pushDeviceJson = z.object({ id: z.string(), label: z.string(), createdAt: z.string(), lastSuccessAt: z.string().nullable() }).strict();

function deviceJson(row: PushSubscriptionRow): z.infer<typeof pushDeviceJson> {
  return { id: row.id, label: row.device_label, createdAt: row.created_at.toISOString(), lastSuccessAt: row.last_success_at?.toISOString() ?? null };
}

/** `{ "error", "code", "params"? }` (docs/api.md, "Errors"). */
const errorSchema = z.looseObject({ error: z.string(), code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
const UNAUTHENTICATED_RESPONSES = { 401: errorSchema } as const;
const tags = ['push'];
const security = [{ bearer: [] }];

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const subscriptionBody = pushSubscriptionSchema({ knownServicesOnly: deps.config.NODE_ENV === 'production' });

  app.get(
    '/api/push/vapid-public-key',
    { onRequest: app.requireUser, schema: { tags, security, summary: 'The VAPID public key a browser subscribes with (applicationServerKey)', response: { 200: z.object({ publicKey: z.string() }), 503: errorSchema, ...UNAUTHENTICATED_RESPONSES } } },
    async () => {
      const keys = await vapidKeys(deps.config, deps.db, deps.clock.now());
      if (!keys) throw new DomainError(503, pushMessages.unavailable, { code: 'push_unavailable' });
      return { publicKey: keys.publicKey };
    },
  );

  app.get(
    '/api/user/push-subscriptions',
    { onRequest: app.requireUser, schema: { tags, security, summary: 'The devices the player has push on for', response: { 200: z.object({ devices: z.array(pushDeviceJson) }), ...UNAUTHENTICATED_RESPONSES } } },
    async (request) => ({ devices: (await listPushDevices(deps.db, request.auth!.userId)).map(deviceJson) }),
  );

  app.post(
    '/api/user/push-subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Turn push on for this device: the browser's PushSubscription (201 new, 200 already kept)",
        body: subscriptionBody,
        response: { 200: z.object({ device: pushDeviceJson }), 201: z.object({ device: pushDeviceJson }), 400: errorSchema, 409: errorSchema, 503: errorSchema, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request, reply) => {
      // No keys, no pushes: a subscription made now could never be used.
      if (!(await vapidKeys(deps.config, deps.db, deps.clock.now()))) throw new DomainError(503, pushMessages.unavailable, { code: 'push_unavailable' });
      const { device, created } = await subscribeDevice(deps, request.auth!.userId, request.body, request.headers['user-agent']);
      return reply.status(created ? 201 : 200).send({ device: deviceJson(device) });
    },
  );

  app.delete(
    '/api/user/push-subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Turn push off for this device (by its endpoint); nothing to do is fine',
        body: z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_LENGTH_MAX) }),
        response: { 204: z.null(), 400: errorSchema, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request, reply) => {
      await unsubscribeEndpoint(deps, request.auth!.userId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/user/push-subscriptions/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, security, summary: 'Turn push off for one of the player’s devices', params: z.object({ id: z.uuid() }), response: { 204: z.null(), 400: errorSchema, 404: errorSchema, ...UNAUTHENTICATED_RESPONSES } },
    },
    async (request, reply) => {
      await removeDevice(deps, request.auth!.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
