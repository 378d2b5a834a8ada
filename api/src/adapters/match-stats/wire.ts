/**
 * The providers' wire shapes, as their HTTP APIs answer (and as the sandbox serves them).
 *
 * COD: `GET /v1/players/{activisionId}/live` → the spec's COD live match (isLive, match {gameMode,
 * map, startTime, playerStats, teamInfo}) plus what tracking needs: the match id, its status, the
 * round limit and the rounds played from this player's side.
 *
 * FC25: `GET /v1/players/{psnId}/match` → the player's current (or last) match: home and away
 * players by PSN id with their scores, minute, possession, events.
 */
import { z } from 'zod';

const count = z.number().int().min(0).max(1_000_000);

export const codPlayerStatsWire = z.object({ kills: count, deaths: count, assists: count, damage: count });
export const codMatchWire = z.object({
  matchId: z.string().min(1).max(200),
  status: z.enum(['in_progress', 'paused', 'completed']),
  gameMode: z.string().max(100),
  map: z.string().max(100),
  startTime: z.string().max(40),
  minutesPlayed: count,
  roundLimit: count,
  rounds: z.array(z.object({ round: count, won: z.boolean() })).max(100),
  playerStats: codPlayerStatsWire,
  teamInfo: z.object({ teamName: z.string().max(100), teamSize: count, players: z.array(z.string().max(100)).max(50) }),
});
export const codPlayerLiveWire = z.object({ isLive: z.boolean(), match: codMatchWire.nullable() });
export type CodPlayerLive = z.infer<typeof codPlayerLiveWire>;
export type CodMatchWire = z.infer<typeof codMatchWire>;

export const fc25MatchWire = z.object({
  matchId: z.string().min(1).max(200),
  status: z.enum(['waiting', 'in_progress', 'paused', 'completed']),
  gameMode: z.string().max(100).nullable(),
  startTime: z.string().max(40),
  minute: count,
  matchDuration: count,
  home: z.object({ psnId: z.string().max(100), score: count }),
  away: z.object({ psnId: z.string().max(100), score: count }),
  possession: z.object({ home: z.number().min(0).max(100), away: z.number().min(0).max(100) }),
  events: z
    .array(z.object({ id: z.string().max(100), type: z.enum(['match_start', 'goal', 'half_time', 'full_time']), minute: count, team: z.enum(['home', 'away']).nullable(), player: z.string().max(100).nullable() }))
    .max(500),
});
export const fc25PlayerMatchWire = z.object({ match: fc25MatchWire.nullable() });
export type Fc25MatchWire = z.infer<typeof fc25MatchWire>;
