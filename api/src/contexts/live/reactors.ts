/**
 * The live context's process manager. It hears the bets context: an accepted bet gets its match
 * stream (players, their provider handles, the handicap and the game's rules); a bet leaving
 * `accepted` closes it; each result report is checked against the tracker's suggestion. And it
 * hears its own ResultSuggested: the suggestion is written into the bet's chat (through the chat
 * context's public API) and the reports already made are checked. Every step's id is derived
 * from the event that caused it, so handling an event twice writes nothing twice.
 */
import { NotFoundError, type RecordedEvent } from '@wager/domain';
import { betStreamId, type BetEvent, type BetRules } from '@wager/domain/bets/index';
import type { LiveEvent, TrackedRules, TrackingClosedReason } from '@wager/domain/live/index';
import { chatIdOfBet } from '@wager/domain/chat/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { postChatSystemMessage } from '../chat/index.js';
import { checkReport, runLiveSteps, type LiveStep } from './commands.js';
import { playerCard } from '../players/index.js';
import { betParties } from '../bets/index.js';

const CLOSING: Record<string, TrackingClosedReason> = { BetSettled: 'settled', BetVoided: 'voided', BetDisputed: 'disputed', BetCancelled: 'cancelled', BetExpired: 'expired' };

async function handleOf(deps: AppDeps, userId: string, gameType: 'fc25' | 'cod'): Promise<string | null> {
  const row = await playerCard(deps, userId);
  return (gameType === 'fc25' ? row?.psn_username : row?.activision_id) ?? null;
}

/** The rules a bet's match is tracked by: the handicap and the game's rules, from the bet's creation. */
export function trackedRulesOf(created: BetRules): TrackedRules {
  return created.gameType === 'fc25'
    ? { handicap: created.rules.goalHandicap, matchDuration: created.rules.matchDuration, gameMode: null, roundLimit: null }
    : { handicap: created.rules.killHandicap, matchDuration: null, gameMode: created.rules.gameMode, roundLimit: created.rules.roundLimit };
}

/** The tracking an accepted bet starts (null when its stream has no creation). */
async function startStep(deps: AppDeps, recorded: RecordedEvent, accepted: Extract<BetEvent, { type: 'BetAccepted' }>['data']): Promise<LiveStep | null> {
  // The rules are not on BetAccepted: the creation, held per app (it never changes) or read from the bet's stream.
  const created = await betParties(deps).creation(deps.store, accepted.betId);
  if (!created) return null;
  const [challengerHandle, opponentHandle] = await Promise.all([handleOf(deps, created.challengerId, created.gameType), handleOf(deps, accepted.opponentId, created.gameType)]);
  return {
    type: 'StartTracking',
    causationId: recorded.id,
    data: {
      betId: accepted.betId,
      gameType: created.gameType,
      challenger: { userId: created.challengerId, handle: challengerHandle },
      opponent: { userId: accepted.opponentId, handle: opponentHandle },
      rules: trackedRulesOf(created),
      acceptedAt: accepted.acceptedAt,
    },
  };
}

/** The step a bet event takes on its match stream, if any. */
async function stepOf(deps: AppDeps, recorded: RecordedEvent): Promise<LiveStep | null> {
  const event = { type: recorded.type, data: recorded.data } as BetEvent;
  if (event.type === 'BetAccepted') return startStep(deps, recorded, event.data);
  if (event.type === 'BetResultReported') return { type: 'CheckReport', causationId: recorded.id, data: { betId: event.data.betId, reporterId: event.data.reporterId, result: event.data.result } };
  const reason = CLOSING[event.type];
  return reason ? { type: 'CloseTracking', causationId: recorded.id, data: { betId: event.data.betId, reason } } : null;
}

/** The winner's username in the chat message ('a player' when the read model has no such user yet). */
async function winnerName(deps: AppDeps, userId: string): Promise<string> {
  return (await playerCard(deps, userId))?.username || 'a player';
}

/** "The tracker saw alice win 3–1 (handicap -1: 2–1)." or a draw. */
export async function suggestionMessage(deps: AppDeps, s: Extract<LiveEvent, { type: 'ResultSuggested' }>['data']['suggestion']): Promise<string> {
  const score = `${s.challengerRaw}–${s.opponentRaw}`;
  const handicap = s.handicap !== 0 ? ` (with the handicap ${s.handicap > 0 ? '+' : ''}${s.handicap}: ${s.challengerTotal}–${s.opponentTotal})` : '';
  const unit = s.basis === 'kills' ? ' on kills' : '';
  const verdict = s.winnerId ? `${await winnerName(deps, s.winnerId)} win` : 'a draw';
  return `The tracker saw ${verdict} ${score}${unit}${handicap}. Players still report the result; the tracker's view is evidence.`;
}

async function onSuggested(deps: AppDeps, recorded: RecordedEvent, data: Extract<LiveEvent, { type: 'ResultSuggested' }>['data']): Promise<void> {
  try {
    const s = data.suggestion;
    const notice = {
      kind: 'tracker_suggestion' as const,
      params: { winnerId: s.winnerId, basis: s.basis, challengerRaw: s.challengerRaw, opponentRaw: s.opponentRaw, handicap: s.handicap, challengerTotal: s.challengerTotal, opponentTotal: s.opponentTotal },
    };
    await postChatSystemMessage(deps, chatIdOfBet(data.betId), recorded.id, 'system', await suggestionMessage(deps, s), notice);
  } catch (error) {
    // A bet with no chat (never the case for an accepted bet) loses only the message.
    if (!(error instanceof NotFoundError)) throw error;
  }
  for (const event of await deps.store.readStream(betStreamId(data.betId))) {
    if (event.type !== 'BetResultReported') continue;
    const reported = event.data as Extract<BetEvent, { type: 'BetResultReported' }>['data'];
    await checkReport(deps, data.betId, reported.reporterId, reported.result, event.id);
  }
}

/**
 * The bet events of a batch take their steps on the match streams in one append across them
 * (`runLiveSteps`): an acceptance's tracking, a report's check, a settlement's closing. A
 * suggestion (its chat message, then the reports checked) is handled in its place in the
 * batch, after the steps before it are written.
 */
async function handleInOrder(deps: AppDeps, events: readonly RecordedEvent[]): Promise<void> {
  let pending: RecordedEvent[] = [];
  const flush = async () => {
    const steps = await Promise.all(pending.map((e) => stepOf(deps, e)));
    await runLiveSteps(deps, steps.filter((s): s is LiveStep => s !== null));
    pending = [];
  };
  for (const recorded of events) {
    betParties(deps).noteRecorded(recorded);
    if (recorded.type !== 'ResultSuggested') {
      pending.push(recorded);
      continue;
    }
    await flush();
    await onSuggested(deps, recorded, recorded.data as Extract<LiveEvent, { type: 'ResultSuggested' }>['data']);
  }
  await flush();
}

export function liveTrackingReactor(deps: AppDeps): Reactor {
  return {
    name: 'live-tracking',
    eventTypes: ['BetAccepted', 'BetResultReported', ...Object.keys(CLOSING), 'ResultSuggested'],
    handle: (recorded: RecordedEvent) => handleInOrder(deps, [recorded]),
    handleBatch: (events: readonly RecordedEvent[]) => handleInOrder(deps, events),
  };
}
