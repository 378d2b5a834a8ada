/**
 * The push context's HTTP surface (docs/api/push.md, issue 24): the server's VAPID public key and
 * a player's push devices. Every route is the signed-in player's own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@wager/domain';
import { pushMessages } from '@wager/domain/push/index';
import { pushContract, type PushDeviceView } from '@wager/domain/contracts/push';
import type { PushSubscriptionRow } from '@wager/projections';
import { listPushDevices } from '@wager/projections/push/queries';
import { vapidKeys } from '../../adapters/push/vapid.js';
import { removeDevice, subscribeDevice, unsubscribeEndpoint } from './subscriptions.js';

function deviceJson(row: PushSubscriptionRow): PushDeviceView {
  return { id: row.id, label: row.device_label, createdAt: row.created_at.toISOString(), lastSuccessAt: row.last_success_at?.toISOString() ?? null };
}

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const contract = pushContract({ knownServicesOnly: deps.config.NODE_ENV === 'production' });

  app.get(
    '/api/push/vapid-public-key',
    { onRequest: app.requireUser, schema: contract.vapidPublicKey },
    async () => {
      const keys = await vapidKeys(deps.config, deps.db, deps.clock.now());
      if (!keys) throw new DomainError(503, pushMessages.unavailable, { code: 'push_unavailable' });
      return { publicKey: keys.publicKey };
    },
  );

  app.get(
    '/api/user/push-subscriptions',
    { onRequest: app.requireUser, schema: contract.devices },
    async (request) => ({ devices: (await listPushDevices(deps.db, request.auth!.userId)).map(deviceJson) }),
  );

  app.post(
    '/api/user/push-subscriptions',
    {
      onRequest: app.requireUser,
      schema: contract.subscribe,
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
      schema: contract.unsubscribe,
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
      schema: contract.removeDevice,
    },
    async (request, reply) => {
      await removeDevice(deps, request.auth!.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
