/**
 * The local FPL sandbox, mounted under /sandbox/fpl: the same paths and JSON fields as the
 * public FPL API for what the pools read (`bootstrap-static/`, `entry/{id}/`,
 * `entry/{id}/history/`), over a simulated season. State lives in memory: it stands in for an
 * outside service, it is not part of our data. It refuses to run when NODE_ENV=production.
 *
 * The season moves only when asked (demos and tests), against the app's clock:
 *   POST /sandbox/fpl/_control/advance `{ "step"?: "gameweek" | "deadline" | "finish" | "check" }`
 *     deadline: the next gameweek's deadline passes now (it becomes current);
 *     finish: the current gameweek is finished (points final, data not yet checked);
 *     check: the current gameweek's data is checked;
 *     gameweek (default): all three at once.
 *   POST /sandbox/fpl/_control/points `{ "teamId", "gameweek", "points", "transfersCost"? }` fixes a score.
 *   POST /sandbox/fpl/_control/reset starts the season over.
 *   GET  /sandbox/fpl/_control/state shows where the season is.
 * Teams: every id from 1 to SANDBOX_TEAMS_MAX exists (an id above answers 404, as FPL does for
 * an unknown one). Scores not fixed by hand are a deterministic function of (team, gameweek).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fplClientFor } from '../../adapters/fpl/index.js';

export const SANDBOX_TEAMS_MAX = 9_999_999;
export const SANDBOX_GAMEWEEKS = 38;
const WEEK_MS = 7 * 24 * 3600_000;
/** Before the first advance, gameweek 1's deadline is this far after the app clock's now. */
const FIRST_DEADLINE_LEAD_MS = 3 * 24 * 3600_000;

type Step = 'gameweek' | 'deadline' | 'finish' | 'check';

interface Season {
  /** The last gameweek whose deadline has passed (0 before the season). */
  started: number;
  finished: number;
  checked: number;
  /** When each started gameweek's deadline passed. */
  deadlines: Map<number, string>;
  overrides: Map<string, { points: number; transfersCost: number }>;
}

function newSeason(): Season {
  return { started: 0, finished: 0, checked: 0, deadlines: new Map(), overrides: new Map() };
}

function hashOf(teamId: number, gameweek: number): number {
  return createHash('sha256').update(`${teamId}/${gameweek}`).digest().readUInt32BE(0);
}

const FIRST_NAMES = ['Ada', 'Bola', 'Chidi', 'Dami', 'Efe', 'Funmi', 'Gbenga', 'Halima', 'Ike', 'Jide'];
const LAST_NAMES = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Nwosu', 'Lawal', 'Obi', 'Musa', 'Ibrahim', 'Balogun'];
const TEAM_WORDS = ['United', 'Rovers', 'Wanderers', 'Athletic', 'Dynamos', 'Stars', 'Eagles', 'Lions', 'Galaxy', 'Town'];

export async function fplSandbox(app: FastifyInstance): Promise<void> {
  if (app.deps.config.NODE_ENV === 'production') throw new Error('The FPL sandbox refuses to run when NODE_ENV=production');
  let season = newSeason();
  const now = () => app.deps.clock.now().getTime();

  function deadlineOf(gameweek: number): string {
    const passed = season.deadlines.get(gameweek);
    if (passed) return passed;
    // Future deadlines stay in the future until advanced: weekly after the last one (or after now).
    if (season.started === 0) return new Date(now() + FIRST_DEADLINE_LEAD_MS + (gameweek - 1) * WEEK_MS).toISOString();
    const base = Math.max(Date.parse(season.deadlines.get(season.started)!), now());
    return new Date(base + (gameweek - season.started) * WEEK_MS).toISOString();
  }

  function score(teamId: number, gameweek: number): { points: number; transfersCost: number } {
    const fixed = season.overrides.get(`${teamId}/${gameweek}`);
    if (fixed) return fixed;
    const h = hashOf(teamId, gameweek);
    return { points: 20 + (h % 81), transfersCost: (h >>> 8) % 5 === 0 ? 4 : 0 };
  }

  function teamId(raw: string): number | null {
    const id = Number(raw);
    return Number.isInteger(id) && id >= 1 && id <= SANDBOX_TEAMS_MAX ? id : null;
  }

  function history(id: number) {
    let total = 0;
    const current = [];
    for (let gw = 1; gw <= season.started; gw++) {
      const { points, transfersCost } = score(id, gw);
      total += points - transfersCost;
      current.push({ event: gw, points, total_points: total, rank: null, overall_rank: null, event_transfers: transfersCost / 4, event_transfers_cost: transfersCost, points_on_bench: 0, bank: 0, value: 1000 });
    }
    return current;
  }

  app.get('/bootstrap-static/', async () => ({
    events: Array.from({ length: SANDBOX_GAMEWEEKS }, (_, i) => {
      const id = i + 1;
      return {
        id,
        name: `Gameweek ${id}`,
        deadline_time: deadlineOf(id),
        finished: id <= season.finished,
        data_checked: id <= season.checked,
        is_previous: id === season.started - 1,
        is_current: id === season.started,
        is_next: id === season.started + 1,
      };
    }),
    phases: [],
    elements: [],
    chips: [],
  }));

  app.get<{ Params: { id: string } }>('/entry/:id/', async (request, reply) => {
    const id = teamId(request.params.id);
    if (id === null) return reply.status(404).send({ detail: 'Not found.' });
    const rows = history(id);
    return {
      id,
      name: `${TEAM_WORDS[id % 10]} ${id}`,
      player_first_name: FIRST_NAMES[Math.floor(id / 10) % 10],
      player_last_name: LAST_NAMES[Math.floor(id / 100) % 10],
      summary_overall_points: rows.at(-1)?.total_points ?? 0,
      summary_event_points: rows.at(-1)?.points ?? 0,
      started_event: 1,
      current_event: season.started || null,
      joined_time: '2026-07-01T00:00:00Z',
    };
  });

  app.get<{ Params: { id: string } }>('/entry/:id/history/', async (request, reply) => {
    const id = teamId(request.params.id);
    if (id === null) return reply.status(404).send({ detail: 'Not found.' });
    return { current: history(id), past: [], chips: [] };
  });

  function advance(step: Step): void {
    if ((step === 'deadline' || step === 'gameweek') && season.started < SANDBOX_GAMEWEEKS) {
      season.started++;
      season.deadlines.set(season.started, new Date(now() - 1000).toISOString());
    }
    if ((step === 'finish' || step === 'gameweek') && season.finished < season.started) season.finished = season.started;
    if ((step === 'check' || step === 'gameweek') && season.checked < season.finished) season.checked = season.finished;
  }

  const state = () => ({ started: season.started, finished: season.finished, checked: season.checked });

  app.get('/_control/state', async () => state());
  app.post('/_control/advance', async (request, reply) => {
    const step = ((request.body ?? {}) as { step?: string }).step ?? 'gameweek';
    if (!['gameweek', 'deadline', 'finish', 'check'].includes(step)) return reply.status(400).send({ error: 'step must be gameweek, deadline, finish or check' });
    advance(step as Step);
    fplClientFor(app.deps).invalidate();
    return state();
  });
  app.post('/_control/points', async (request, reply) => {
    const body = (request.body ?? {}) as { teamId?: unknown; gameweek?: unknown; points?: unknown; transfersCost?: unknown };
    const id = teamId(String(body.teamId));
    const gw = Number(body.gameweek);
    const points = Number(body.points);
    const cost = Number(body.transfersCost ?? 0);
    if (id === null || !Number.isInteger(gw) || gw < 1 || gw > SANDBOX_GAMEWEEKS || !Number.isInteger(points) || !Number.isInteger(cost) || cost < 0) {
      return reply.status(400).send({ error: 'teamId, gameweek (1-38), points and transfersCost must be whole numbers' });
    }
    season.overrides.set(`${id}/${gw}`, { points, transfersCost: cost });
    fplClientFor(app.deps).invalidate();
    return { teamId: id, gameweek: gw, points, transfersCost: cost };
  });
  app.post('/_control/reset', async () => {
    season = newSeason();
    fplClientFor(app.deps).invalidate();
    return state();
  });
}
