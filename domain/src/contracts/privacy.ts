/**
 * The privacy context's contract (docs/architecture.md, "One contract"): a person's copy of
 * their data, their erasure request, and the admin's erasure. Response objects are strict.
 */
import { z } from 'zod';
import { id, isoTime, moneyString } from './common.js';

/** One event of the person's, as the export lists it (its data as stored, decrypted for them). */
export const exportedEvent = z.strictObject({ streamId: z.string(), revision: z.number(), type: z.string(), recordedAt: isoTime, data: z.unknown() });
export type ExportedEvent = z.infer<typeof exportedEvent>;

/** GET /api/user/export: everything the platform holds about the person, built from the event log. */
export const dataExport = z.strictObject({
  format: z.literal('wager-personal-data-export'),
  version: z.number(),
  userId: id,
  exportedAt: isoTime,
  /** The profile as the platform shows it now (the read model of the events below). */
  profile: z.unknown(),
  /** The person's own streams: account, wallet, bank accounts, notifications, deposits, support messages. */
  events: z.array(exportedEvent),
  /** Every ledger posting to one of the person's accounts (`user:<id>:…`), with the event that made it. */
  transactions: z.array(z.strictObject({ streamId: z.string(), type: z.string(), recordedAt: isoTime, account: z.string(), currency: z.string(), amount: moneyString })),
  /** The person's bets, each with its whole stream (both players are parties to it). */
  bets: z.array(z.strictObject({ betId: id, events: z.array(exportedEvent) })),
  /** The messages the person sent in bet chats (not what others wrote). */
  chatMessages: z.array(z.strictObject({ chatId: id, betId: id, messageId: id, type: z.string(), content: z.string(), postedAt: isoTime })),
  /** The events of the pools the person created or entered that are about them (a pool's creation, with its name and description, is its creator's). */
  pools: z.array(z.strictObject({ poolId: id, events: z.array(exportedEvent) })),
  /** The notifications raised for the person (also among `events`), in order. */
  notifications: z.array(z.strictObject({ recordedAt: isoTime, data: z.unknown() })),
});
export type DataExport = z.infer<typeof dataExport>;

/** GET, POST and DELETE /api/user/erasure: the request and what must happen first. */
export const erasureStatus = z.strictObject({
  /** When the pending request is carried out; null: none pending. */
  effectiveAt: isoTime.nullable(),
  /** What must happen first (carried out only once all are zero). */
  openBets: z.number(),
  openPools: z.number(),
  balances: z.array(z.strictObject({ currency: z.string(), amount: moneyString })),
});
export type ErasureStatus = z.infer<typeof erasureStatus>;
/** POST /api/user/erasure: the password, checked by the route (its refusal is the spec's). */
export const requestErasureBody = z.object({ password: z.unknown().optional() });
export type RequestErasureBody = { password: string };

/** POST /api/admin/users/:id/erase. */
export const eraseUserParams = z.object({ id: z.string().uuid() });
export const eraseUserResponse = z.strictObject({ success: z.literal(true), userId: id });
export type EraseUserResponse = z.infer<typeof eraseUserResponse>;
