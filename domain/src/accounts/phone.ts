/**
 * The `phone-<key>` stream: one per phone number, the consistency boundary for what concerns
 * the number whichever account asks. It records each code sent to the number (at most
 * PHONE_CODES_PER_NUMBER_PER_DAY in any 24 hours) and which account holds it verified (one at
 * a time). Appends use the revision read, so two accounts racing for the same number are
 * decided one after the other: exactly one claim wins.
 *
 * The stream is named by the number's key, an HMAC of the E.164 number under a server secret
 * (computed in the api): stream names are never sealed, so they must not name the number.
 * Streams named `phone-<e164>` (before) are moved by events: `PhoneStreamCarriedOver` starts
 * the keyed stream with who holds the number and the recent code times, `PhoneStreamMoved`
 * closes the old one (nothing is decided on it after that).
 */
import type { Decider } from '../event-store/command-handler.js';
import type { Command } from '../shared/command.js';
import { ConflictError, TooManyRequestsError } from '../shared/errors.js';
import { PHONE_CODES_PER_NUMBER_PER_DAY, PHONE_CODE_DAY_MS } from './rules.js';

export const PHONE_STREAM_TYPE = 'phone';
/** The number's stream, named by its key (an HMAC of the E.164 number: never the number itself). */
export function phoneStreamId(numberKey: string): string {
  if (numberKey.startsWith('+')) throw new Error('A phone stream is named by the number\'s key, not the number');
  return `${PHONE_STREAM_TYPE}-${numberKey}`;
}
/** The name the number's stream had before (it named the number): only the move reads it. */
export function legacyPhoneStreamId(e164: string): string {
  return `${PHONE_STREAM_TYPE}-${e164}`;
}

export const PHONE_IN_USE = 'This phone number is already verified on another account';
export const PHONE_DAILY_LIMIT = 'Too many codes sent to this number today. Try again later.';

export interface PhoneCodeRequestedData {
  readonly phone: string;
  readonly userId: string;
  readonly codeId: string;
  readonly requestedAt: string;
}
export interface PhoneClaimedData {
  readonly phone: string;
  readonly userId: string;
  readonly claimedAt: string;
}
export interface PhoneReleasedData {
  readonly phone: string;
  readonly userId: string;
  readonly releasedAt: string;
}
/** The first event of a keyed stream moved from a `phone-<e164>` one: what the old one decided with. */
export interface PhoneStreamCarriedOverData {
  readonly claimedBy: string | null;
  readonly recentRequests: readonly string[];
  readonly carriedAt: string;
}
/** The last event of a `phone-<e164>` stream: it moved to the keyed stream `to`. */
export interface PhoneStreamMovedData {
  readonly to: string;
  readonly movedAt: string;
}

export type PhoneEvent =
  | { type: 'PhoneCodeRequested'; data: PhoneCodeRequestedData }
  | { type: 'PhoneClaimed'; data: PhoneClaimedData }
  | { type: 'PhoneReleased'; data: PhoneReleasedData }
  | { type: 'PhoneStreamCarriedOver'; data: PhoneStreamCarriedOverData }
  | { type: 'PhoneStreamMoved'; data: PhoneStreamMovedData };

export const PHONE_EVENT_TYPES: readonly PhoneEvent['type'][] = ['PhoneCodeRequested', 'PhoneClaimed', 'PhoneReleased', 'PhoneStreamCarriedOver', 'PhoneStreamMoved'];

export type RequestPhoneCode = Command<'RequestPhoneCode', { readonly phone: string; readonly userId: string; readonly codeId: string }>;
export type ClaimPhone = Command<'ClaimPhone', { readonly phone: string; readonly userId: string }>;
export type ReleasePhone = Command<'ReleasePhone', { readonly phone: string; readonly userId: string }>;
export type CarryOverPhoneStream = Command<'CarryOverPhoneStream', { readonly claimedBy: string | null; readonly recentRequests: readonly string[] }>;
export type ClosePhoneStream = Command<'ClosePhoneStream', { readonly to: string }>;
export type PhoneCommand = RequestPhoneCode | ClaimPhone | ReleasePhone | CarryOverPhoneStream | ClosePhoneStream;

export interface PhoneState {
  /** The account that verified the number, while it holds it. */
  readonly claimedBy: string | null;
  /**
   * Times of the latest codes sent, newest last, at most PHONE_CODES_PER_NUMBER_PER_DAY of
   * them: older ones can never decide the cap (the cap looks at the last N sends only).
   */
  readonly recentRequests: readonly string[];
  /** A keyed stream that got the state of a `phone-<e164>` one. */
  readonly carriedOver: boolean;
  /** A `phone-<e164>` stream that moved: the keyed stream it moved to. */
  readonly movedTo: string | null;
}

export function initialPhoneState(): PhoneState {
  return { claimedBy: null, recentRequests: [], carriedOver: false, movedTo: null };
}

export function evolvePhone(state: PhoneState, event: PhoneEvent): PhoneState {
  switch (event.type) {
    case 'PhoneCodeRequested':
      return { ...state, recentRequests: [...state.recentRequests, event.data.requestedAt].slice(-PHONE_CODES_PER_NUMBER_PER_DAY) };
    case 'PhoneClaimed':
      return { ...state, claimedBy: event.data.userId };
    case 'PhoneReleased':
      return state.claimedBy === event.data.userId ? { ...state, claimedBy: null } : state;
    case 'PhoneStreamCarriedOver':
      return {
        ...state,
        carriedOver: true,
        claimedBy: state.claimedBy ?? event.data.claimedBy,
        recentRequests: [...event.data.recentRequests, ...state.recentRequests].sort().slice(-PHONE_CODES_PER_NUMBER_PER_DAY),
      };
    case 'PhoneStreamMoved':
      return { ...state, movedTo: event.data.to };
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/**
 * Seconds until the number may get another code, 0 when it may now: with N codes already
 * sent in the 24 hours before `now`, the next one waits until the oldest of them is 24 hours old.
 */
export function phoneDailyCapWaitSeconds(requestTimes: readonly string[], now: Date): number {
  const inWindow = requestTimes.map((t) => new Date(t).getTime()).filter((t) => now.getTime() - t < PHONE_CODE_DAY_MS);
  if (inWindow.length < PHONE_CODES_PER_NUMBER_PER_DAY) return 0;
  const sorted = [...inWindow].sort((a, b) => a - b);
  const oldestThatCounts = sorted[sorted.length - PHONE_CODES_PER_NUMBER_PER_DAY]!;
  return Math.max(1, Math.ceil((oldestThatCounts + PHONE_CODE_DAY_MS - now.getTime()) / 1000));
}

function refuseIfHeldByAnother(state: PhoneState, userId: string): void {
  if (state.claimedBy !== null && state.claimedBy !== userId) throw new ConflictError(PHONE_IN_USE, { code: 'phone_in_use' });
}

export function decidePhone(command: PhoneCommand, state: PhoneState): PhoneEvent[] {
  const at = command.metadata.now.toISOString();
  if (state.movedTo !== null && command.type !== 'ClosePhoneStream') throw new Error(`This phone stream moved to ${state.movedTo}`);
  switch (command.type) {
    case 'RequestPhoneCode': {
      refuseIfHeldByAnother(state, command.data.userId);
      const wait = phoneDailyCapWaitSeconds(state.recentRequests, command.metadata.now);
      if (wait > 0) throw new TooManyRequestsError(PHONE_DAILY_LIMIT, wait, { code: 'phone_daily_limit' });
      return [{ type: 'PhoneCodeRequested', data: { ...command.data, requestedAt: at } }];
    }
    case 'ClaimPhone':
      refuseIfHeldByAnother(state, command.data.userId);
      if (state.claimedBy === command.data.userId) return [];
      return [{ type: 'PhoneClaimed', data: { ...command.data, claimedAt: at } }];
    case 'ReleasePhone':
      if (state.claimedBy !== command.data.userId) return [];
      return [{ type: 'PhoneReleased', data: { ...command.data, releasedAt: at } }];
    case 'CarryOverPhoneStream':
      if (state.carriedOver) return [];
      return [{ type: 'PhoneStreamCarriedOver', data: { claimedBy: command.data.claimedBy, recentRequests: [...command.data.recentRequests], carriedAt: at } }];
    case 'ClosePhoneStream':
      if (state.movedTo !== null) return [];
      return [{ type: 'PhoneStreamMoved', data: { to: command.data.to, movedAt: at } }];
    default: {
      const unknownCommand: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}

/** The number's stream's decider (the keyed stream, and the `phone-<e164>` one for its move). */
export const phoneDecider: Decider<PhoneState, PhoneCommand, PhoneEvent> = { initialState: initialPhoneState, evolve: evolvePhone, decide: decidePhone };
