/**
 * Test support: the world the fuzz runs in. Two funded players with an accepted bet between
 * them (so its chat, match and result routes are reached by a participant), an open public
 * challenge, and an admin; then the harness is quiesced, so every later write is a request's own.
 * Also the error codes the documentation names, for the property "every refusal's code is
 * documented".
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import type { TestHarness } from '../app.js';
import { authHeader, makeAdmin } from '../users.js';
import { createSession } from '../../plugins/sessions.js';
import { fundedPlayer, type Player } from '../../contexts/bets/testing.js';
import { quiesce } from './writes.js';

export type ActorName = 'visitor' | 'player' | 'admin';

export interface Actor {
  readonly name: ActorName;
  readonly userId: string | null;
  /** The current session's headers (a fuzzed logout is followed by a fresh session). */
  headers: Record<string, string>;
  token: string | null;
}

export interface FuzzWorld {
  readonly actors: Record<ActorName, Actor>;
  /** Ids a path parameter is most often given, so routes are reached past their 404s. */
  readonly knownIds: readonly string[];
  /** The ids a path parameter of this name usually takes (its own kind first), else every known id. */
  idsFor(param: string): readonly string[];
  readonly betId: string;
  readonly chatId: string;
  /** Gives an actor whose session a fuzzed request ended a new one (outside any checked request). */
  renewSession(actor: Actor): Promise<void>;
}

export async function buildFuzzWorld(h: TestHarness): Promise<FuzzWorld> {
  const alice = await fundedPlayer(h, '50000.00');
  const bob = await fundedPlayer(h, '1000.00');
  const admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  if (created.statusCode !== 201) throw new Error(`fuzz world: bet ${created.statusCode} ${created.body}`);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  const accepted = await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers });
  if (accepted.statusCode !== 200) throw new Error(`fuzz world: accept ${accepted.statusCode} ${accepted.body}`);
  const chat = await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: alice.headers });
  const chatId = (chat.json() as { id: string }).id;
  const open = await h.app.inject({ method: 'POST', url: '/api/bets', headers: bob.headers, payload: { amount: '100', visibility: 'public' } });
  const openBet = open.json().bet as { id: string; inviteLinkId: string };
  await quiesce(h);

  const knownIds = [bet.id, chatId, bet.inviteLinkId, openBet.id, openBet.inviteLinkId, alice.id, bob.id, admin.id, alice.user.username];
  const byParam: Record<string, readonly string[]> = {
    betId: [bet.id, bet.id, openBet.id],
    chatId: [chatId],
    inviteLinkId: [bet.inviteLinkId, openBet.inviteLinkId],
    challengeId: [openBet.id, bet.id],
    id: [alice.id, bob.id, admin.id],
    activisionId: [alice.user.username],
  };
  const actor = (name: ActorName, player: Player | null): Actor => ({ name, userId: player?.id ?? null, headers: player ? { ...player.headers } : {}, token: player?.token ?? null });
  return {
    actors: { visitor: actor('visitor', null), player: actor('player', alice), admin: actor('admin', admin) },
    knownIds,
    idsFor: (param) => byParam[param] ?? knownIds,
    betId: bet.id,
    chatId,
    renewSession: async (a) => {
      if (!a.userId) return;
      const session = await createSession(h.deps.db, { sessionId: randomUUID(), userId: a.userId, now: h.deps.clock.now() });
      a.token = session.token;
      a.headers = authHeader(session.token);
    },
  };
}

/** Players most often: they reach the most (their bet, its chat, its result form). */
export const actorName = fc.constantFrom<ActorName>('visitor', 'player', 'player', 'admin');

/**
 * Every code the API documentation names: a backticked snake_case word in docs/api.md or
 * docs/api/*.md. A refusal whose code is not among them is undocumented.
 */
export function documentedCodes(): Set<string> {
  const docs = new URL('../../../../docs/', import.meta.url);
  const files = [new URL('api.md', docs), ...readdirSync(new URL('api/', docs)).filter((f) => f.endsWith('.md')).map((f) => new URL(`api/${f}`, docs))];
  const codes = new Set<string>();
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(/`([a-z][a-z0-9]*(?:_[a-z0-9]+)*)`/g)) codes.add(match[1]!);
  return codes;
}

export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
