/**
 * What the bets' followers need of a bet and what never changes once recorded: its creation's
 * challenger, currency, game and rules, and who accepted it at which revision of its stream.
 * Kept per app (its bus) for the reactors that used to read the bet's stream on every event
 * only to learn them (the notifications' players and currency, the live tracker's rules).
 *
 * Sound without a read, as a command's snapshot is (docs/architecture.md, "Reactors"): every
 * fact is placed by its stream revision. A creation and an acceptance are immutable (a bet is
 * created once, accepted at most once, and only `BetAccepted` names an opponent), so the
 * players as of an event at revision r are the creation's challenger and, when the acceptance is
 * known, its opponent if it was recorded at or before r; when no acceptance is known, the answer
 * "no opponent" is given only if every revision up to r is known to hold none (`knownThrough`,
 * raised by a read of the stream, or by an event whose revision follows the last one known).
 * Anything else reads the stream, as before. No personal data is kept (ids, a currency, rules).
 */
import { LRUCache } from 'lru-cache';
import type { EventStore, RecordedEvent } from '@wager/domain';
import { betStreamId, type BetCreatedData, type BetRules } from '@wager/domain/bets/index';
import type { AppDeps } from '../../deps.js';
import { perBus } from '../../runtime/per-bus.js';

/** A bet's creation as its followers need it: who created it, in what currency, for which game and rules. */
export type BetCreation = Pick<BetCreatedData, 'betId' | 'challengerId' | 'currency'> & BetRules;

/** The players of a bet as of one of its events: the challenger, and the opponent if the bet was accepted by then. */
export interface BetPartiesAsOf {
  readonly creation: BetCreation;
  readonly opponentId: string | null;
}

interface Known {
  readonly creation: BetCreation;
  readonly accepted: { readonly opponentId: string; readonly revision: number } | null;
  /** Every revision up to this one is known: none of them is an acceptance unless `accepted` says so. */
  readonly knownThrough: number;
}

/** An event of a bet's stream, at its revision there. */
export type BetStreamEvent = Pick<RecordedEvent, 'type' | 'data' | 'streamRevision'>;

/** Bets a process keeps, least recently used dropped first. */
export const BET_PARTIES_MAX = 20_000;

function creationOf(data: BetCreatedData): BetCreation {
  return { betId: data.betId, challengerId: data.challengerId, currency: data.currency, gameType: data.gameType, rules: data.rules } as BetCreation;
}

export class BetParties {
  private readonly bets = new LRUCache<string, Known>({ max: BET_PARTIES_MAX });

  /** Learns from an event of the bet's stream (a creation, an acceptance, or one more revision known to be neither). */
  note(betId: string, event: BetStreamEvent): void {
    const known = this.bets.get(betId);
    if (event.type === 'BetCreated') {
      if (!known && event.streamRevision === 0) this.bets.set(betId, { creation: creationOf(event.data as BetCreatedData), accepted: null, knownThrough: 0 });
      return;
    }
    if (!known) return;
    if (event.type === 'BetAccepted') {
      if (!known.accepted) this.bets.set(betId, { ...known, accepted: { opponentId: (event.data as { opponentId: string }).opponentId, revision: event.streamRevision } });
    } else if (event.streamRevision === known.knownThrough + 1) this.bets.set(betId, { ...known, knownThrough: event.streamRevision });
  }

  /** Learns from a recorded event when it is one of a bet's stream (a reactor's: it notes what it handles). */
  noteRecorded(event: RecordedEvent): void {
    const betId = (event.data as { betId?: unknown } | null)?.betId;
    if (typeof betId === 'string' && event.streamId === betStreamId(betId)) this.note(betId, event);
  }

  /** Learns from what a command appended to the bet's stream (`nextExpectedRevision`: the revision of its last event). */
  noteAppended(betId: string, events: readonly { type: string; data: unknown }[], nextExpectedRevision: number): void {
    const first = nextExpectedRevision - events.length + 1;
    events.forEach((e, i) => this.note(betId, { type: e.type, data: e.data, streamRevision: first + i }));
  }

  /** The bet's creation: held, or read from its stream (null when it has none). */
  async creation(store: EventStore, betId: string): Promise<BetCreation | null> {
    return (this.bets.get(betId) ?? (await this.read(store, betId)))?.creation ?? null;
  }

  /**
   * The bet's players as of its event at `revision` (undefined: an event of another stream, so as
   * of now), without a read when what is held answers it exactly; null when the bet has no creation.
   */
  async asOf(store: EventStore, betId: string, revision: number | undefined): Promise<BetPartiesAsOf | null> {
    const held = this.bets.get(betId);
    const known = held && (held.accepted || (revision !== undefined && held.knownThrough >= revision)) ? held : await this.read(store, betId);
    if (!known) return null;
    const accepted = known.accepted && (revision === undefined || known.accepted.revision <= revision) ? known.accepted : null;
    return { creation: known.creation, opponentId: accepted?.opponentId ?? null };
  }

  private async read(store: EventStore, betId: string): Promise<Known | null> {
    const events = await store.readStream(betStreamId(betId));
    const created = events.find((e) => e.type === 'BetCreated');
    if (!created) return null;
    const accepted = events.find((e) => e.type === 'BetAccepted');
    const read: Known = {
      creation: creationOf(created.data as BetCreatedData),
      accepted: accepted ? { opponentId: (accepted.data as { opponentId: string }).opponentId, revision: accepted.streamRevision } : null,
      knownThrough: events.at(-1)!.streamRevision,
    };
    // What was learnt meanwhile is as true as what was read: keep the most of both.
    const held = this.bets.get(betId);
    const known = held ? { creation: read.creation, accepted: read.accepted ?? held.accepted, knownThrough: Math.max(read.knownThrough, held.knownThrough) } : read;
    this.bets.set(betId, known);
    return known;
  }
}

const partiesOf = perBus(() => new BetParties());

/** This app's held bet parties. */
export function betParties(deps: Pick<AppDeps, 'bus'>): BetParties {
  return partiesOf(deps.bus);
}
