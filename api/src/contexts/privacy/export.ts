/**
 * A person's copy of everything the platform holds about them (the right of access: NDPA 2023
 * s. 34, GDPR art. 15 and 20), built from the event log: the read tables are used only to find
 * which streams are theirs (their bets, chats, pools, deposits, support messages), and every
 * event is read from the store. Other people's words are left out: of a bet's chat, only the
 * messages this person sent; of a pool, only the events about this person.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';
import type { EventStore, RecordedEvent } from '@wager/domain';
import { userStreamId } from '@wager/domain/accounts/index';
import { bankAccountsStreamId, cryptoDepositStreamId, paystackDepositStreamId, walletStreamId } from '@wager/domain/wallet/index';
import { betStreamId } from '@wager/domain/bets/index';
import { chatStreamId } from '@wager/domain/chat/index';
import { notificationsStreamId } from '@wager/domain/notifications/index';
import { poolStreamId } from '@wager/domain/pools/index';
import { supportStreamId } from '@wager/domain/support/index';
import type { DataExport, ExportedEvent } from '@wager/domain/contracts/privacy';
import { betIdsOf } from '@wager/projections/bets/queries';
import { playerChatsOf } from '@wager/projections/chat/queries';
import { poolIdsCreatedOrJoinedBy } from '@wager/projections/pools/queries';
import { cryptoDepositIdsOf, paystackReferencesOf } from '@wager/projections/wallet/queries';
import { supportMessageIdsOf } from '@wager/projections/support/queries';

export type { ExportedEvent };

export const EXPORT_FORMAT_VERSION = 1;


/** The copy as the privacy contract describes it (`dataExport`: each part's meaning is documented there). */
export type PersonalDataExport = DataExport;

export interface ExportDeps {
  readonly db: Kysely<Database>;
  readonly store: EventStore;
}

/** How an event's data is shown: the identity in this slice; the personal-data reader decrypts. */
export type EventDataReader = (event: RecordedEvent) => Promise<unknown> | unknown;

function exported(event: RecordedEvent, data: unknown): ExportedEvent {
  return { streamId: event.streamId, revision: event.streamRevision, type: event.type, recordedAt: event.recordedAt.toISOString(), data };
}

function mentions(data: unknown, userId: string): boolean {
  return JSON.stringify(data ?? null).includes(userId);
}

export async function buildPersonalDataExport(deps: ExportDeps, userId: string, profile: unknown, now: Date, read: EventDataReader = (e) => e.data): Promise<PersonalDataExport> {
  const { db, store } = deps;
  const [bets, chats, pools, paystack, crypto, support] = await Promise.all([
    betIdsOf(db, userId),
    playerChatsOf(db, userId),
    poolIdsCreatedOrJoinedBy(db, userId),
    paystackReferencesOf(db, userId),
    cryptoDepositIdsOf(db, userId),
    supportMessageIdsOf(db, userId),
  ]);
  const readAll = async (streamId: string): Promise<ExportedEvent[]> => Promise.all((await store.readStream(streamId)).map(async (e) => exported(e, await read(e))));

  const ownStreams = [
    userStreamId(userId),
    walletStreamId(userId),
    bankAccountsStreamId(userId),
    notificationsStreamId(userId),
    ...paystack.map(paystackDepositStreamId),
    ...crypto.map(cryptoDepositStreamId),
    ...support.map(supportStreamId),
  ];
  const events = (await Promise.all(ownStreams.map(readAll))).flat();
  const betStreams = await Promise.all(bets.map(async (betId) => ({ betId, events: await readAll(betStreamId(betId)) })));
  const poolStreams = await Promise.all([...pools].map(async (poolId) => ({ poolId, events: (await readAll(poolStreamId(poolId))).filter((e) => mentions(e.data, userId)) })));

  const chatMessages: PersonalDataExport['chatMessages'][number][] = [];
  for (const chat of chats) {
    for (const e of await readAll(chatStreamId(chat.id))) {
      const d = e.data as { messageId?: string; senderId?: string; type?: string; content?: string; postedAt?: string };
      if (e.type === 'MessagePosted' && d.senderId === userId) {
        chatMessages.push({ chatId: chat.id, betId: chat.bet_id, messageId: d.messageId ?? '', type: d.type ?? 'text', content: d.content ?? '', postedAt: d.postedAt ?? e.recordedAt });
      }
    }
  }

  const prefix = `user:${userId}:`;
  const transactions = [...events, ...betStreams.flatMap((b) => b.events), ...poolStreams.flatMap((p) => p.events)].flatMap((e) => {
    const postings = (e.data as { postings?: { account: string; currency: string; amount: string }[] } | null)?.postings;
    return Array.isArray(postings)
      ? postings.filter((p) => typeof p.account === 'string' && p.account.startsWith(prefix)).map((p) => ({ streamId: e.streamId, type: e.type, recordedAt: e.recordedAt, account: p.account, currency: p.currency, amount: p.amount }))
      : [];
  });
  transactions.sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));

  const notifications = events.filter((e) => e.streamId === notificationsStreamId(userId) && e.type === 'NotificationRaised').map((e) => ({ recordedAt: e.recordedAt, data: e.data }));

  return {
    format: 'wager-personal-data-export',
    version: EXPORT_FORMAT_VERSION,
    userId,
    exportedAt: now.toISOString(),
    profile,
    events,
    transactions,
    bets: betStreams,
    chatMessages,
    pools: poolStreams,
    notifications,
  };
}
