// Proves a route cannot answer what its contract does not describe: with the contract as the route's schema and fastify-type-provider-zod's serializer (as app.ts sets it), an answer with a field the contract lacks, or without one it names, fails the request (500) instead of reaching the browser; the contract's answer goes out as it is. Also that every contract of chat, live, pools, players, notifications, push and support turns into the OpenAPI document the fuzz suite reads.
import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { chatContract, type ChatView } from '@wager/domain/contracts/chat';
import { liveContract } from '@wager/domain/contracts/live';
import { notificationsContract } from '@wager/domain/contracts/notifications';
import { playersContract } from '@wager/domain/contracts/players';
import { poolsContract } from '@wager/domain/contracts/pools';
import { pushContract } from '@wager/domain/contracts/push';
import { supportContract } from '@wager/domain/contracts/support';
import { registerErrorHandler } from './errors.js';

async function appAnswering(answer: () => unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/api/chats/:betId', { schema: chatContract.chatOfBet }, async () => answer() as ChatView);
  await app.ready();
  return app;
}

describe('a route typed by its contract', () => {
  const chat: ChatView = { id: randomUUID(), betId: randomUUID(), participant1Id: randomUUID(), participant2Id: randomUUID(), moderatorId: null, isModeratorRequested: false, isClosed: false, createdAt: new Date(0).toISOString() };
  const url = `/api/chats/${chat.betId}`;

  it('sends the answer the contract describes, as it is', async () => {
    const app = await appAnswering(() => chat);
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(chat);
    await app.close();
  });

  it('fails the request when the answer carries a field the contract does not describe (nothing is stripped silently)', async () => {
    const app = await appAnswering(() => ({ ...chat, participantEmail: 'a@example.com' }));
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('a@example.com');
    expect(res.json()).toEqual({ error: 'Internal server error', code: 'internal_error' });
    await app.close();
  });

  it('fails the request when the answer lacks a field the contract names, or gives it another type', async () => {
    const { createdAt: _dropped, ...withoutTime } = chat;
    for (const answer of [withoutTime, { ...chat, isClosed: 'no' }]) {
      const app = await appAnswering(() => answer);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(500);
      await app.close();
    }
  });

  it('refuses a request the contract does not describe with the documented 400, before the handler', async () => {
    let ran = false;
    const app = await appAnswering(() => ((ran = true), chat));
    const res = await app.inject({ method: 'GET', url: '/api/chats/not-an-id' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(ran).toBe(false);
    await app.close();
  });
});

describe('the contracts in the OpenAPI document', () => {
  it('describes every route of these contexts with its request and every answer', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(fastifySwagger, { openapi: { info: { title: 't', version: '0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } }, transform: jsonSchemaTransform });
    const contracts = { chat: chatContract, live: liveContract, pools: poolsContract, players: playersContract, notifications: notificationsContract, push: pushContract({ knownServicesOnly: true }), support: supportContract };
    for (const [context, routes] of Object.entries(contracts)) {
      for (const [name, schema] of Object.entries(routes)) app.post(`/${context}/${name}`, { schema: schema as never }, async () => null);
    }
    await app.ready();
    const paths = app.swagger().paths ?? {};
    for (const [context, routes] of Object.entries(contracts)) {
      for (const [name, schema] of Object.entries(routes)) {
        const operation = paths[`/${context}/${name}`]?.post;
        expect(operation, `${context}.${name}`).toBeDefined();
        const statuses = Object.keys((schema as { response?: object }).response ?? {});
        expect(Object.keys(operation?.responses ?? {}).sort(), `${context}.${name}`).toEqual(expect.arrayContaining(statuses));
      }
    }
    await app.close();
  });
});
