/**
 * A bet as its own stream holds it: the record, for a read whose read model has not caught up
 * with it yet (issue #22: a read must never deny what the log holds). A bet stream is a few tens
 * of events, and this is read only when the read table lacks the bet.
 */
import type { Position } from '@wager/domain';
import { betDecider, betStreamId, type BetCreatedData, type BetEvent, type ExistingBet } from '@wager/domain/bets/index';
import type { AppDeps } from '../../deps.js';

export interface RecordedBet {
  readonly state: ExistingBet;
  readonly created: BetCreatedData;
  /** When an opponent accepted it (null: never accepted). */
  readonly acceptedAt: string | null;
  /** The position of the stream's last event: once the read models reach it, they show the bet. */
  readonly lastPosition: Position;
}

export async function recordedBet(deps: Pick<AppDeps, 'store'>, betId: string): Promise<RecordedBet | null> {
  const recorded = await deps.store.readStream(betStreamId(betId));
  const first = recorded[0];
  if (!first || first.type !== 'BetCreated') return null;
  let state = betDecider.initialState();
  let acceptedAt: string | null = null;
  for (const r of recorded) {
    const event = { type: r.type, data: r.data } as BetEvent;
    state = betDecider.evolve(state, event);
    if (event.type === 'BetAccepted') acceptedAt = event.data.acceptedAt;
  }
  if (!('bet' in state)) return null;
  return { state, created: first.data as BetCreatedData, acceptedAt, lastPosition: recorded[recorded.length - 1]!.position };
}

/** Who may see a bet from its record: its challenger, opponent, invited opponent (admins and the chat's moderator are checked by the caller). */
export const peopleOf = (bet: RecordedBet): string[] => [bet.state.bet.challengerId, bet.state.opponentId, bet.state.bet.invitedOpponentId].filter((id): id is string => id !== null);
