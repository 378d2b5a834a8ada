import type { GameType } from '../bets/rules.js';
import type { Suggestion } from './events.js';

export interface FinalTally {
  readonly gameType: GameType;
  readonly challengerId: string;
  readonly opponentId: string;
  /** Goals (fc25) added to or taken from the challenger's score; kills (cod) likewise. */
  readonly handicap: number;
  readonly challengerScore: number;
  readonly opponentScore: number;
  readonly challengerKills: number;
  readonly opponentKills: number;
}

/**
 * The result the tracker suggests when a match ends: fc25 by goals, cod by kills, the bet's
 * handicap added to the challenger's total (a negative one taken off). Equal totals: a draw,
 * no winner. Pure: the same tally always suggests the same.
 */
export function suggestResult(t: FinalTally): Suggestion {
  const basis = t.gameType === 'fc25' ? 'goals' : 'kills';
  const challengerRaw = basis === 'goals' ? t.challengerScore : t.challengerKills;
  const opponentRaw = basis === 'goals' ? t.opponentScore : t.opponentKills;
  const challengerTotal = challengerRaw + t.handicap;
  const opponentTotal = opponentRaw;
  const winnerId = challengerTotal > opponentTotal ? t.challengerId : opponentTotal > challengerTotal ? t.opponentId : null;
  return { winnerId, basis, challengerRaw, opponentRaw, handicap: t.handicap, challengerTotal, opponentTotal };
}

/** Whether a player's report ('won' or 'lost') says otherwise than the suggestion (a draw contradicts both). */
export function contradicts(suggestion: Suggestion, reporterId: string, reported: 'won' | 'lost'): boolean {
  if (suggestion.winnerId === null) return true;
  return (reported === 'won') !== (suggestion.winnerId === reporterId);
}
