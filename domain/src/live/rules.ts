/**
 * The rules of a match stream: manual events (spec section 5: an event type must be chosen;
 * numeric fields are parsed as integers, falling back to 0), who may report, how often, and the
 * spec's messages.
 */
import { ValidationError } from '../shared/errors.js';
import { MANUAL_EVENT_TYPES, type ManualEventData, type ManualEventType } from './events.js';

/** The largest number a manual event field may carry (a match has no more kills or rounds). */
export const MANUAL_EVENT_NUMBER_MAX = 1000;
/** At most this many manual events per player per match in the window below. */
export const MANUAL_EVENTS_PER_WINDOW_MAX = 10;
export const MANUAL_EVENT_WINDOW_MS = 60_000;
/** Spec section 9: a COD player's feed every 15 s, a bet's tracking every 30 s. */
export const COD_PLAYER_POLL_MS = 15_000;
export const BET_TRACKING_POLL_MS = 30_000;
/** Spec section 9: only the first 4 team players are listed. */
export const TEAM_PLAYERS_SHOWN_MAX = 4;

export const liveMessages = {
  eventTypeRequired: 'Please select an event type',
  numberNegative: 'Numbers cannot be negative',
  numberTooLarge: `Numbers must be at most ${MANUAL_EVENT_NUMBER_MAX}`,
  notParticipant: 'Only the players of this bet can report events',
  notAccepted: 'Events can be reported only while the bet is accepted',
  notCod: 'Manual events are reported for Call of Duty bets',
  matchNotFound: 'Bet Not Found',
  tooFast: 'You are reporting events too fast',
  sameIdOtherEvent: 'This event id was already used for another event',
  reportFailed: 'Failed to report event. Please try again.',
} as const;

/** The fields each event type reveals in the manual event card. */
export const MANUAL_EVENT_FIELDS: Readonly<Record<ManualEventType, readonly (keyof ManualEventData)[]>> = {
  kill: ['kills', 'deaths', 'assists'],
  death: ['kills', 'deaths', 'assists'],
  assist: ['kills', 'deaths', 'assists'],
  round_win: ['round'],
  round_loss: ['round'],
  match_start: [],
  match_end: [],
};

export function isManualEventType(value: unknown): value is ManualEventType {
  return typeof value === 'string' && (MANUAL_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * One numeric field as the spec parses it: an integer (a JSON integer, or text holding one) is
 * kept; anything else (missing, a fraction, words) becomes 0. A negative integer is refused:
 * nobody makes -2 kills, and 0 would hide the mistake.
 */
export function parseEventNumber(value: unknown, field: string): number {
  let n = 0;
  if (typeof value === 'number' && Number.isSafeInteger(value)) n = value;
  else if (typeof value === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(value)) n = Number.parseInt(value, 10);
  if (n < 0) throw new ValidationError(liveMessages.numberNegative, { code: 'manual_event_negative', params: { field } });
  if (n > MANUAL_EVENT_NUMBER_MAX) throw new ValidationError(liveMessages.numberTooLarge, { code: 'manual_event_too_large', params: { field, max: MANUAL_EVENT_NUMBER_MAX } });
  return n;
}

/** A manual event's type and numbers, or the spec's refusal. Fields the type does not reveal are dropped. */
export function parseManualEvent(eventType: unknown, data: unknown): { eventType: ManualEventType; data: ManualEventData } {
  if (!isManualEventType(eventType)) throw new ValidationError(liveMessages.eventTypeRequired, { code: 'event_type_required' });
  const raw = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const parsed: Record<string, number> = {};
  for (const field of MANUAL_EVENT_FIELDS[eventType]) parsed[field] = parseEventNumber(raw[field], field);
  return { eventType, data: parsed };
}
