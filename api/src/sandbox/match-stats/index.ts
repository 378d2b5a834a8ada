/**
 * The match stats sandbox, mounted under /sandbox/match-stats: the COD and FC25 providers' APIs
 * (`GET /cod/v1/players/:activisionId/live`, `GET /fc25/v1/players/:psnId/match`, key in
 * `x-api-key`) over matches it simulates from a seed (see simulation.ts), and a control API for
 * tests and demos:
 *
 * - `POST /_control/matches` `{game, players:[challenger, opponent], seed?, matchDuration?,
 *   gameMode?, roundLimit?, timeLimit?, realSeconds?}` starts a match (201 `{matchId}`); it plays
 *   out over `realSeconds` (MATCH_SANDBOX_MATCH_SECONDS by default).
 * - `POST /_control/matches/:id/pause`, `/resume`, `/end` (to its full result), `/advance`
 *   `{seconds}` (fast-forward the match's clock), `GET /_control/matches/:id`.
 * - `POST /_control/faults` `{kind: 'error'|'rate_limit', count, retryAfterSeconds?}`: the next
 *   `count` provider calls fail that way.
 *
 * A match starts at the app's clock (a test's clock in tests), so its start time compares with the
 * bets' acceptance times as a real provider's would. State lives in memory: it stands in for an
 * outside service. It refuses to run under
 * NODE_ENV=production.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MATCH_STATS_SANDBOX_KEY } from '../../adapters/providers.js';
import { codView, fc25View, planOf, type Plan, type RunState, type SimulationSpec } from './simulation.js';

export const SANDBOX_MATCHES_MAX = 1000;

interface SimulatedMatch {
  readonly id: string;
  readonly spec: SimulationSpec;
  readonly plan: Plan;
  readonly startTime: string;
  readonly lengthMs: number;
  elapsedMs: number;
  runningSince: number | null;
  run: RunState;
}

const startBody = z.object({
  game: z.enum(['fc25', 'cod']),
  players: z.tuple([z.string().min(1).max(100), z.string().min(1).max(100)]),
  seed: z.number().int().optional(),
  matchDuration: z.number().int().min(2).max(120).default(90),
  gameMode: z.string().max(50).default('team_deathmatch'),
  roundLimit: z.number().int().min(1).max(11).default(1),
  timeLimit: z.number().int().min(1).max(60).default(10),
  realSeconds: z.number().min(0.1).max(3600).optional(),
});
const faultBody = z.object({ kind: z.enum(['error', 'rate_limit']), count: z.number().int().min(0).max(100).default(1), retryAfterSeconds: z.number().int().min(1).max(600).default(1) });

export async function matchStatsSandbox(app: FastifyInstance): Promise<void> {
  const config = app.deps.config;
  if (config.NODE_ENV === 'production') throw new Error('The match stats sandbox refuses to run when NODE_ENV=production');
  const matches = new Map<string, SimulatedMatch>();
  /** Each handle's latest match (a provider shows a player's current or last match). */
  const latestByHandle = new Map<string, string>();
  const faults = { kind: 'error' as 'error' | 'rate_limit', count: 0, retryAfterSeconds: 1 };
  let sequence = 0;

  const progressOf = (m: SimulatedMatch): number => {
    if (m.run === 'completed') return 1;
    const running = m.runningSince === null ? 0 : performance.now() - m.runningSince;
    const p = Math.min(1, (m.elapsedMs + running) / m.lengthMs);
    if (p >= 1) m.run = 'completed';
    return p;
  };
  const handleKey = (handle: string) => handle.toLowerCase();

  async function guard(request: FastifyRequest, reply: FastifyReply, game: 'cod' | 'fc25'): Promise<boolean> {
    const key = (game === 'cod' ? config.COD_STATS_API_KEY : config.FC25_STATS_API_KEY) ?? MATCH_STATS_SANDBOX_KEY;
    if (request.headers['x-api-key'] !== key) {
      await reply.status(401).send({ message: 'Invalid API key' });
      return false;
    }
    if (faults.count > 0) {
      faults.count--;
      if (faults.kind === 'rate_limit') await reply.status(429).header('retry-after', String(faults.retryAfterSeconds)).send({ message: 'Too many requests' });
      else await reply.status(503).send({ message: 'Service unavailable (sandbox fault)' });
      return false;
    }
    return true;
  }

  function latest(handle: string, game: 'cod' | 'fc25'): SimulatedMatch | null {
    const id = latestByHandle.get(`${game}:${handleKey(handle)}`);
    return id ? (matches.get(id) ?? null) : null;
  }

  app.get('/cod/v1/players/:activisionId/live', async (request, reply) => {
    if (!(await guard(request, reply, 'cod'))) return reply;
    const { activisionId } = request.params as { activisionId: string };
    const m = latest(activisionId, 'cod');
    if (!m) return { isLive: false, match: null };
    const who = handleKey(m.spec.players[0]) === handleKey(activisionId) ? 0 : 1;
    const view = codView(m.id, m.spec, m.plan, progressOf(m), m.run, m.startTime, who);
    return { isLive: view.status !== 'completed', match: view };
  });

  app.get('/fc25/v1/players/:psnId/match', async (request, reply) => {
    if (!(await guard(request, reply, 'fc25'))) return reply;
    const m = latest((request.params as { psnId: string }).psnId, 'fc25');
    return { match: m ? fc25View(m.id, m.spec, m.plan, progressOf(m), m.run, m.startTime) : null };
  });

  app.post('/_control/matches', async (request, reply) => {
    const parsed = startBody.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0]?.message ?? 'invalid' });
    const b = parsed.data;
    if (matches.size >= SANDBOX_MATCHES_MAX) matches.delete(matches.keys().next().value!);
    const id = `sim-${b.game}-${++sequence}-${Date.now().toString(36)}`;
    const spec: SimulationSpec = { game: b.game, players: b.players, seed: b.seed ?? sequence, matchDuration: b.matchDuration, gameMode: b.gameMode, roundLimit: b.roundLimit, timeLimit: b.timeLimit };
    const match: SimulatedMatch = { id, spec, plan: planOf(spec), startTime: app.deps.clock.now().toISOString(), lengthMs: (b.realSeconds ?? config.MATCH_SANDBOX_MATCH_SECONDS) * 1000, elapsedMs: 0, runningSince: performance.now(), run: 'running' };
    matches.set(id, match);
    for (const handle of b.players) latestByHandle.set(`${b.game}:${handleKey(handle)}`, id);
    return reply.status(201).send({ matchId: id, spec });
  });

  function find(request: FastifyRequest, reply: FastifyReply): SimulatedMatch | null {
    const m = matches.get((request.params as { id: string }).id);
    if (!m) void reply.status(404).send({ message: 'No such simulated match' });
    return m ?? null;
  }
  const describe = (m: SimulatedMatch) => ({
    matchId: m.id,
    run: m.run,
    progress: progressOf(m),
    spec: m.spec,
    view: m.spec.game === 'fc25' ? fc25View(m.id, m.spec, m.plan, progressOf(m), m.run, m.startTime) : [0, 1].map((who) => codView(m.id, m.spec, m.plan, progressOf(m), m.run, m.startTime, who as 0 | 1)),
  });

  app.get('/_control/matches/:id', async (request, reply) => {
    const m = find(request, reply);
    return m ? describe(m) : reply;
  });
  app.post('/_control/matches/:id/pause', async (request, reply) => {
    const m = find(request, reply);
    if (!m) return reply;
    if (m.run === 'running' && m.runningSince !== null && progressOf(m) < 1) {
      m.elapsedMs += performance.now() - m.runningSince;
      m.runningSince = null;
      m.run = 'paused';
    }
    return describe(m);
  });
  app.post('/_control/matches/:id/resume', async (request, reply) => {
    const m = find(request, reply);
    if (!m) return reply;
    if (m.run === 'paused') {
      m.runningSince = performance.now();
      m.run = 'running';
    }
    return describe(m);
  });
  app.post('/_control/matches/:id/end', async (request, reply) => {
    const m = find(request, reply);
    if (!m) return reply;
    m.run = 'completed';
    return describe(m);
  });
  app.post('/_control/matches/:id/advance', async (request, reply) => {
    const m = find(request, reply);
    if (!m) return reply;
    const seconds = z.object({ seconds: z.number().min(0).max(36_000) }).safeParse(request.body ?? {});
    if (!seconds.success) return reply.status(400).send({ message: 'seconds must be a number from 0' });
    m.elapsedMs += seconds.data.seconds * 1000;
    return describe(m);
  });
  app.post('/_control/faults', async (request, reply) => {
    const parsed = faultBody.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0]?.message ?? 'invalid' });
    Object.assign(faults, parsed.data);
    return faults;
  });
}
