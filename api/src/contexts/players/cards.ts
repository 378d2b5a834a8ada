/**
 * The players' names, handles, stats, addresses, languages and time zones, kept in a process
 * cache (one per app: its bus) for the readers that need them on every bet: the bet commands'
 * answers, the notifications' names and time zones, the live tracker's handles. An entry is the
 * read model's row as read after the last change the bus carried for that person; the bus drops
 * it everywhere, as it ends sessions (plugins/sessions.ts):
 *
 * - any event of the person's own stream (`events.user.<id>`: a rename, a handle, a language, a
 *   time zone, an erasure), published by the projection runner once the users read model shows
 *   it, so the next lookup reads the new name, or the pseudonym;
 * - a settlement naming them (`BetSettled`: their rating, wins and losses); an appeal's decision
 *   (`AppealDecided`, which may take a settlement back) drops every entry;
 * - the `sessions.ended` signal naming them (an erasure sends it once their data is gone).
 *
 * A lookup that started before a drop does not keep what it read (the drop's change may have
 * come after its read). Entries also expire after PLAYER_CARD_TTL_MS, which bounds what a bus
 * message lost between processes can leave behind. A person the read model does not hold yet is
 * never cached (absent, and read again next time).
 */
import { LRUCache } from 'lru-cache';
import { parseStreamId } from '@wager/domain';
import { playerCardRows, type PlayerCardRow } from '@wager/projections/players/queries';
import { userSummaryOf, type UserSummary } from '@wager/projections/bets/queries';
import type { AppDeps } from '../../deps.js';
import { perBus } from '../../runtime/per-bus.js';
import { SESSIONS_ENDED_SUBJECT } from '../../plugins/sessions.js';

export type PlayerCard = PlayerCardRow;

/** Players a process keeps, least recently used dropped first. */
export const PLAYER_CARDS_MAX = 10_000;
/** How long a process trusts a card without reading it again, whatever the bus said (as the session cache). */
export const PLAYER_CARD_TTL_MS = 30_000;

export class PlayerCards {
  private readonly entries = new LRUCache<string, PlayerCard>({ max: PLAYER_CARDS_MAX, ttl: PLAYER_CARD_TTL_MS });
  /** Bumped by every drop: a lookup that started before a drop does not cache what it read. */
  private generation = 0;

  /** The cards of the users the read model holds, by id; one statement for those not cached. */
  async of(db: AppDeps['db'], userIds: readonly string[]): Promise<Map<string, PlayerCard>> {
    const cards = new Map<string, PlayerCard>();
    const missing: string[] = [];
    for (const id of new Set(userIds)) {
      const card = this.entries.get(id);
      if (card) cards.set(id, card);
      else missing.push(id);
    }
    if (missing.length === 0) return cards;
    const generation = this.generation;
    for (const row of await playerCardRows(db, missing)) {
      cards.set(row.id, row);
      if (generation === this.generation) this.entries.set(row.id, row);
    }
    return cards;
  }

  drop(userId: string): void {
    this.generation++;
    this.entries.delete(userId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Hears what changes a card on the bus (see the top of this file). */
  listen(bus: AppDeps['bus']): void {
    bus.subscribe('events.user.*', (message) => {
      const userId = parseStreamId(message.event.streamId).id;
      if (userId) this.drop(userId);
    });
    bus.subscribe('events.bet.*', (message) => {
      const { type, data } = message.event;
      if (type === 'AppealDecided') this.clear();
      if (type !== 'BetSettled') return;
      const { winnerId, loserId } = data as { winnerId?: unknown; loserId?: unknown };
      if (typeof winnerId === 'string' && typeof loserId === 'string') {
        this.drop(winnerId);
        this.drop(loserId);
      } else this.clear();
    });
    bus.onSignal(SESSIONS_ENDED_SUBJECT, (data) => {
      if (typeof data.userId === 'string') this.drop(data.userId);
    });
  }
}

const cardsOf = perBus((bus) => {
  const cards = new PlayerCards();
  cards.listen(bus);
  return cards;
});

type Deps = Pick<AppDeps, 'db' | 'bus'>;

/** The cards of some users, by id (the users the read model holds). */
export async function playerCards(deps: Deps, userIds: readonly string[]): Promise<Map<string, PlayerCard>> {
  return cardsOf(deps.bus).of(deps.db, userIds);
}

/** One user's card, undefined until the read model holds them. */
export async function playerCard(deps: Deps, userId: string): Promise<PlayerCard | undefined> {
  return (await playerCards(deps, [userId])).get(userId);
}

/** The summaries shown beside a bet, by id (`userSummaries` of the read model, through the cache). */
export async function playerSummaries(deps: Deps, userIds: readonly string[]): Promise<Map<string, UserSummary>> {
  return new Map([...(await playerCards(deps, userIds))].map(([id, card]) => [id, userSummaryOf(card)]));
}

/** The usernames of some users, by id (an erased person's is their pseudonym). */
export async function playerNames(deps: Deps, userIds: readonly string[]): Promise<Map<string, string>> {
  return new Map([...(await playerCards(deps, userIds))].map(([id, card]) => [id, card.username]));
}
