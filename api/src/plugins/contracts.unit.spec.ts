// Proves that a route cannot answer what its contract does not describe: with the app's compilers, an answer with a field too many, a field missing or a field of the wrong type fails the request (500, nothing of it sent), and every response object of the contracts is strict, so no field can slip through unseen.
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as accounts from '@wager/domain/contracts/accounts';
import * as admin from '@wager/domain/contracts/admin';
import * as bets from '@wager/domain/contracts/bets';
import * as common from '@wager/domain/contracts/common';
import * as privacy from '@wager/domain/contracts/privacy';
import * as wallet from '@wager/domain/contracts/wallet';
import { registerContracts } from './contracts.js';
import { registerErrorHandler } from './errors.js';

const bet: bets.BetView = {
  id: '11111111-2222-4333-8444-555555555555',
  gameType: 'fc25',
  amount: '100.00',
  feeAmount: '5.00',
  currency: 'NGN',
  status: 'pending',
  challengerId: '11111111-2222-4333-8444-666666666666',
  opponentId: null,
  challenger: null,
  opponent: null,
  actualWinner: null,
  challengerResult: null,
  opponentResult: null,
  resultEvidence: [],
  disputeReason: null,
  disputeReasonCode: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-22T10:00:00.000Z',
  acceptedAt: null,
  settledAt: null,
  visibility: 'private',
  platformUsername: null,
  matchRules: { noAiAssistance: true },
  customRulesEnabled: false,
  settledBy: null,
  voidReason: null,
  appealDeadlineAt: null,
  appeal: null,
  goalHandicap: 0,
};

/** A tiny app set up as the real one is (compilers, root error handler), with one route answering `answer` under the bets contract's `betView`. */
async function appAnswering(answer: unknown): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerContracts(app);
  registerErrorHandler(app);
  app.get('/bet', { schema: { response: { 200: bets.betView } } }, async () => answer);
  await app.ready();
  return app;
}

describe('a route under its contract', () => {
  it('sends an answer the contract describes, as it is', async () => {
    const app = await appAnswering(bet);
    const response = await app.inject({ method: 'GET', url: '/bet' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(bet);
  });

  it.each([
    ['a field the contract does not describe', { ...bet, secretNotes: 'only for admins' }],
    ['a field missing', (({ voidReason: _dropped, ...rest }) => rest)(bet)],
    ['a field of the wrong type', { ...bet, amount: 100 }],
    ['a nested object with a field too many', { ...bet, challenger: { id: 'u', username: 'ann', psnUsername: null, activisionId: null, isPsnVerified: false, rating: 1000, wins: 0, losses: 0, email: 'ann@example.com' } }],
  ])('fails with a 500 and sends none of it when the answer has %s', async (_case, answer) => {
    const app = await appAnswering(answer);
    const response = await app.inject({ method: 'GET', url: '/bet' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal_error' });
    expect(response.body).not.toContain('only for admins');
    expect(response.body).not.toContain('ann@example.com');
  });
});

/** Schemas meant to be open: the refusal bodies (named `…Error`) and the 202 answer carry a code's or a command's own extra fields. */
const OPEN_BY_DESIGN = new Set<unknown>([common.errorBody, common.stillProcessing]);
/** What a request brings (bodies, querystrings, params) may be plain objects: zod strips unknown keys there, and that is what we want. */
const REQUEST_SCHEMA_NAME = /(Body|Query|Params|Input)$/;

/** The paths, within a response schema, of every object node that would let an unknown key through. */
function nonStrictObjects(schema: z.ZodType, path: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema) || OPEN_BY_DESIGN.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, at: string) => (child instanceof z.ZodType ? nonStrictObjects(child, at, seen) : []);
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.ZodType | undefined;
      const own = catchall instanceof z.ZodNever ? [] : [path];
      return [...own, ...Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) => walk(child, `${path}.${key}`))];
    }
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return walk(def.innerType, path);
    case 'union':
      return (def.options as unknown[]).flatMap((option, i) => walk(option, `${path}|${i}`));
    case 'record':
      return walk(def.valueType, `${path}{}`);
    default:
      return [];
  }
}

describe('the contracts', () => {
  it('the strictness check finds a plain or loose object at any depth', () => {
    const schema = z.strictObject({ list: z.array(z.object({ a: z.string() })), maybe: z.looseObject({}).nullable(), fine: z.strictObject({ b: z.string() }) });
    expect(nonStrictObjects(schema, 'answer')).toEqual(['answer.list[]', 'answer.maybe']);
  });

  const modules = { accounts, admin, bets, privacy, wallet };
  it.each(Object.entries(modules))('%s: every response object is strict', (_name, module) => {
    const loose = Object.entries(module as Record<string, unknown>)
      .filter(([name, value]) => value instanceof z.ZodType && !REQUEST_SCHEMA_NAME.test(name) && !/Error$/.test(name))
      .flatMap(([name, value]) => nonStrictObjects(value as z.ZodType, name));
    expect(loose).toEqual([]);
  });
});
