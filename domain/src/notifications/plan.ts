/**
 * Who is told of what: the pure rule of the notifications reactor. Given one recorded event and
 * what it needs to know beyond the event (the bet's players, a chat's bet, the moderators), it answers one notification per person, each with a deterministic id
 * (UUIDv5 of the event's id and the person's), so handling the event again, on any process,
 * yields the same notifications and stores none twice.
 */
import { v5 as uuidv5 } from 'uuid';
import type { NotificationType } from './categories.js';

const NOTIFICATION_ID_NAMESPACE = '8f1c2a6e-3d4b-5e7f-9a0b-1c2d3e4f5a6b';

export const notificationIdFor = (sourceEventId: string, userId: string): string => uuidv5(`${sourceEventId}/${userId}`, NOTIFICATION_ID_NAMESPACE);

/** The parameters a notification's text is rendered from (never the text itself; people by user id only, names.ts). */
export type NotificationParams = Readonly<Record<string, string | null>>;

export interface PlannedNotification {
  readonly id: string;
  readonly userId: string;
  readonly type: NotificationType;
  readonly params: NotificationParams;
  /** The app path the notification opens. */
  readonly link: string;
  readonly sourceEventId: string;
  /** When it happened (the source event's own time). */
  readonly occurredAt: string;
  /** Not shown or sent before this time (a limit taking effect, an exclusion ending); else occurredAt. */
  readonly showAt: string;
}

export interface SourceEvent {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
}

/** What the reactor looks up for an event (each part only when `needsOf` asks for it). */
export interface NotificationContext {
  /** The bet's players and currency as of the event (from the bet's stream). */
  readonly bet?: { readonly challengerId: string; readonly opponentId: string | null; readonly currency: string } | null;
  /** The chat's bet and players (from the chat's stream). */
  readonly chat?: { readonly betId: string; readonly participantIds: readonly string[] } | null;
  /** Every user with the moderator role and every admin. */
  readonly moderators?: readonly string[];
  /** Every admin (an appeal is reviewed by an admin). */
  readonly admins?: readonly string[];
}

export interface ContextNeeds {
  readonly betId?: string;
  readonly chatId?: string;
  readonly moderators?: boolean;
  readonly admins?: boolean;
}

/** The event types that notify someone. */
export const NOTIFYING_EVENT_TYPES = [
  'BetCreated',
  'BetAccepted',
  'BetResultReported',
  'BetDisputed',
  'DisputeResolved',
  'BetSettled',
  'BetVoided',
  'BetExpired',
  'AppealFiled',
  'AppealDecided',
  'DepositCredited',
  'CryptoDepositCredited',
  'WithdrawalSubmitted',
  'WithdrawalCompleted',
  'WithdrawalCancelled',
  'WithdrawalKycCleared',
  'BankWithdrawalSent',
  'BankWithdrawalPaid',
  'BankWithdrawalReturned',
  'BankWithdrawalHeld',
  'BankWithdrawalReleased',
  'AgeVerified',
  'PasswordChanged',
  'NewDeviceSignedIn',
  'PoolJoined',
  'PoolCancelled',
  'PoolSettled',
  'ModeratorRequested',
  'SpendingLimitChanged',
  'SelfExclusionStarted',
] as const;

type Data = Record<string, unknown>;
const str = (v: unknown): string => String(v);
const strOrNull = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

export const notificationLinks = {
  bet: (betId: string) => `/matches/${betId}`,
  chat: (betId: string) => `/chat/${betId}`,
  invite: (inviteLinkId: string) => `/challenge/accept/${inviteLinkId}`,
  wallet: () => '/wallet',
  pools: () => '/fpl-pools',
  profile: () => '/profile',
  security: () => '/profile?tab=security',
  saferPlay: () => '/responsible-gaming',
  appeals: () => '/admin?tab=appeals',
} as const;

/** What the reactor must look up before `planNotifications` can answer for this event. */
export function needsOf(event: SourceEvent): ContextNeeds {
  const d = event.data as Data;
  switch (event.type) {
    case 'BetAccepted':
    case 'BetResultReported':
    case 'BetDisputed':
    case 'DisputeResolved':
    case 'BetSettled':
    case 'BetVoided':
    case 'BetExpired':
      return { betId: str(d.betId) };
    case 'ModeratorRequested':
      return { chatId: str(d.chatId), moderators: true };
    case 'AppealFiled':
      return { betId: str(d.betId), admins: true };
    case 'AppealDecided':
      return { betId: str(d.betId) };
    default:
      return {};
  }
}

interface Draft {
  readonly userId: string;
  readonly type: NotificationType;
  readonly params: NotificationParams;
  readonly link: string;
  readonly showAt?: string;
}

/** The notifications one event makes: at most one per person, in a stable order. */
export function planNotifications(event: SourceEvent, context: NotificationContext): PlannedNotification[] {
  const d = event.data as Data;
  if (!isNotifyingEventType(event.type)) return [];
  const occurredAt = occurredAtOf(event.type, d);
  const seen = new Set<string>();
  const planned: PlannedNotification[] = [];
  for (const draft of draftsOf(event.type, d, context)) {
    if (seen.has(draft.userId)) continue;
    seen.add(draft.userId);
    planned.push({
      id: notificationIdFor(event.id, draft.userId),
      userId: draft.userId,
      type: draft.type,
      params: draft.params,
      link: draft.link,
      sourceEventId: event.id,
      occurredAt,
      showAt: draft.showAt ?? occurredAt,
    });
  }
  return planned;
}

/** The field holding each notifying event's own time. */
const TIME_FIELD: Readonly<Record<(typeof NOTIFYING_EVENT_TYPES)[number], string>> = {
  BetCreated: 'createdAt',
  BetAccepted: 'acceptedAt',
  BetResultReported: 'reportedAt',
  BetDisputed: 'disputedAt',
  DisputeResolved: 'resolvedAt',
  BetSettled: 'settledAt',
  BetVoided: 'voidedAt',
  BetExpired: 'expiredAt',
  AppealFiled: 'filedAt',
  AppealDecided: 'decidedAt',
  DepositCredited: 'creditedAt',
  CryptoDepositCredited: 'creditedAt',
  WithdrawalSubmitted: 'submittedAt',
  WithdrawalCompleted: 'completedAt',
  WithdrawalCancelled: 'cancelledAt',
  WithdrawalKycCleared: 'clearedAt',
  BankWithdrawalSent: 'sentAt',
  BankWithdrawalPaid: 'paidAt',
  BankWithdrawalReturned: 'returnedAt',
  BankWithdrawalHeld: 'heldAt',
  BankWithdrawalReleased: 'releasedAt',
  AgeVerified: 'verifiedAt',
  PasswordChanged: 'changedAt',
  NewDeviceSignedIn: 'signedInAt',
  PoolJoined: 'joinedAt',
  PoolCancelled: 'cancelledAt',
  PoolSettled: 'settledAt',
  ModeratorRequested: 'requestedAt',
  SpendingLimitChanged: 'changedAt',
  SelfExclusionStarted: 'startedAt',
};

export function isNotifyingEventType(type: string): type is (typeof NOTIFYING_EVENT_TYPES)[number] {
  return Object.hasOwn(TIME_FIELD, type);
}

function occurredAtOf(type: string, d: Data): string {
  return isNotifyingEventType(type) ? str(d[TIME_FIELD[type]]) : '';
}

function betPlayers(context: NotificationContext): string[] {
  const bet = context.bet;
  if (!bet) return [];
  return bet.opponentId ? [bet.challengerId, bet.opponentId] : [bet.challengerId];
}

function draftsOf(type: string, d: Data, context: NotificationContext): Draft[] {
  switch (type) {
    case 'BetCreated':
    case 'BetAccepted':
    case 'BetResultReported':
    case 'BetDisputed':
    case 'DisputeResolved':
    case 'BetSettled':
    case 'BetVoided':
    case 'BetExpired':
      return betDrafts(type, d, context);
    case 'AppealFiled':
    case 'AppealDecided':
      return appealDrafts(type, d, context);
    case 'PoolJoined':
    case 'PoolCancelled':
    case 'PoolSettled':
      return poolDrafts(type, d);
    case 'ModeratorRequested': {
      const chat = context.chat;
      if (!chat) return [];
      // A moderator who plays in this bet cannot moderate it.
      return (context.moderators ?? [])
        .filter((id) => !chat.participantIds.includes(id))
        .map((userId) => ({ userId, type: 'moderator_requested' as const, params: { betId: chat.betId }, link: notificationLinks.chat(chat.betId) }));
    }
    case 'SpendingLimitChanged':
      // A lowering applies at once (the player just did it); a raise or removal waits, and the
      // player is told when it takes effect.
      if (d.status !== 'pending') return [];
      return [{ userId: str(d.userId), type: 'limit_effective', params: { limit: str(d.limit), value: strOrNull(d.value), currency: str(d.currency) }, link: notificationLinks.saferPlay(), showAt: str(d.effectiveAt) }];
    case 'SelfExclusionStarted':
      return [{ userId: str(d.userId), type: 'exclusion_ended', params: { kind: str(d.kind) }, link: notificationLinks.saferPlay(), showAt: str(d.until) }];
    case 'AgeVerified':
      return [{ userId: str(d.userId), type: 'age_verified', params: {}, link: notificationLinks.profile() }];
    // Security: only the owner, on the locked account category (in the app and by email always).
    case 'PasswordChanged':
      return [{ userId: str(d.userId), type: 'password_changed', params: { via: str(d.via), changedAt: str(d.changedAt) }, link: notificationLinks.security() }];
    case 'NewDeviceSignedIn':
      return [{ userId: str(d.userId), type: 'new_device', params: { device: str(d.device), signedInAt: str(d.signedInAt) }, link: notificationLinks.security() }];
    default:
      return walletDrafts(type, d);
  }
}

function betDrafts(type: string, d: Data, context: NotificationContext): Draft[] {
  const betId = str(d.betId);
  const link = notificationLinks.bet(betId);
  const currency = context.bet?.currency ?? null;
  switch (type) {
    case 'BetCreated':
      if (d.invitedOpponentId === null || d.invitedOpponentId === undefined) return [];
      return [
        {
          userId: str(d.invitedOpponentId),
          type: 'challenge_received',
          params: { betId, challengerId: str(d.challengerId), amount: str(d.amount), currency: str(d.currency), gameType: str(d.gameType), expiresAt: str(d.expiresAt) },
          link: notificationLinks.invite(str(d.inviteLinkId)),
        },
      ];
    case 'BetAccepted':
      if (!context.bet) return [];
      return [{ userId: context.bet.challengerId, type: 'challenge_accepted', params: { betId, opponentId: str(d.opponentId) }, link }];
    case 'BetResultReported': {
      const reporterId = str(d.reporterId);
      return betPlayers(context)
        .filter((id) => id !== reporterId)
        .map((userId) => ({
          userId,
          type: 'result_reported' as const,
          params: { betId, reporterId, result: str(d.result), deadlineAt: str(d.contestDeadlineAt) },
          link,
        }));
    }
    case 'BetDisputed':
      return betPlayers(context).map((userId) => ({ userId, type: 'dispute_opened' as const, params: { betId }, link }));
    case 'DisputeResolved': {
      const winnerId = strOrNull(d.winnerId);
      return betPlayers(context).map((userId) => ({
        userId,
        type: 'dispute_resolved' as const,
        params: { betId, outcome: winnerId === null ? 'voided' : winnerId === userId ? 'won' : 'lost', adminNotes: str(d.adminNotes) },
        link,
      }));
    }
    case 'BetSettled':
      return [
        { userId: str(d.winnerId), type: 'bet_won', params: { betId, amount: str(d.payoutAmount), currency: str(d.currency), settledBy: str(d.settledBy) }, link },
        { userId: str(d.loserId), type: 'bet_lost', params: { betId, settledBy: str(d.settledBy) }, link },
      ];
    case 'BetVoided':
    case 'BetExpired':
      return ((d.refunds as { userId: string; amount: string }[] | undefined) ?? []).map((refund) => ({
        userId: refund.userId,
        type: type === 'BetVoided' ? ('bet_voided' as const) : ('bet_expired' as const),
        params: { betId, amount: refund.amount, currency, ...(type === 'BetVoided' ? { reason: str(d.reason) } : {}) },
        link,
      }));
    default:
      return [];
  }
}

/**
 * An appeal filed: the other player is told, and every admin but the one who resolved the
 * dispute (they may not decide it) and any admin playing in the bet is asked to review it. An
 * appeal decided: both players, each with the outcome as it is for them now.
 */
function appealDrafts(type: string, d: Data, context: NotificationContext): Draft[] {
  const betId = str(d.betId);
  const link = notificationLinks.bet(betId);
  const players = betPlayers(context);
  if (type === 'AppealFiled') {
    const appellantId = str(d.appellantId);
    const params = { betId, appellantId };
    return [
      ...players.filter((id) => id !== appellantId).map((userId) => ({ userId, type: 'appeal_filed' as const, params, link })),
      ...(context.admins ?? [])
        .filter((id) => id !== str(d.resolvedBy) && !players.includes(id))
        .map((userId) => ({ userId, type: 'appeal_to_review' as const, params, link: notificationLinks.appeals() })),
    ];
  }
  const winnerId = strOrNull(d.winnerId);
  return players.map((userId) => ({
    userId,
    type: 'appeal_decided' as const,
    params: { betId, decision: str(d.outcome), outcome: winnerId === null ? 'voided' : winnerId === userId ? 'won' : 'lost', notes: str(d.notes) },
    link,
  }));
}

function poolDrafts(type: string, d: Data): Draft[] {
  const poolId = str(d.poolId);
  const link = notificationLinks.pools();
  switch (type) {
    case 'PoolJoined':
      return [{ userId: str(d.userId), type: 'pool_joined', params: { poolId, amount: str(d.paid) }, link }];
    case 'PoolCancelled':
      return ((d.refunds as { userId: string; amount: string }[]) ?? []).map((r) => ({ userId: r.userId, type: 'pool_cancelled' as const, params: { poolId, amount: r.amount, reason: str(d.reason) }, link }));
    case 'PoolSettled': {
      const payouts = new Map(((d.payouts as { userId: string; amount: string }[]) ?? []).map((p) => [p.userId, p.amount]));
      const players = [...new Set([...((d.standings as { userId: string }[]) ?? []).map((s) => s.userId), ...payouts.keys()])];
      return players.map((userId) => ({ userId, type: 'pool_settled' as const, params: { poolId, payout: payouts.get(userId) ?? null, currency: str(d.currency) }, link }));
    }
    default:
      return [];
  }
}

function walletDrafts(type: string, d: Data): Draft[] {
  const userId = str(d.userId);
  const link = notificationLinks.wallet();
  const withdrawalId = strOrNull(d.withdrawalId);
  switch (type) {
    case 'DepositCredited':
      return [{ userId, type: 'deposit_credited', params: { amount: str(d.amount), currency: str(d.currency) }, link }];
    case 'CryptoDepositCredited':
      return [{ userId, type: 'deposit_credited', params: { amount: str(d.usdAmount), currency: 'USD' }, link }];
    case 'WithdrawalSubmitted':
    case 'BankWithdrawalSent':
      return [{ userId, type: 'withdrawal_sent', params: { withdrawalId }, link }];
    case 'WithdrawalCompleted':
      return [{ userId, type: 'withdrawal_paid', params: { withdrawalId, amount: null, currency: null }, link }];
    case 'BankWithdrawalPaid':
      return [{ userId, type: 'withdrawal_paid', params: { withdrawalId, amount: str(d.amount), currency: str(d.currency) }, link }];
    case 'WithdrawalCancelled':
      if (d.reason === 'kyc_rejected') return [{ userId, type: 'kyc_rejected', params: { withdrawalId, amount: str(d.usdAmount), currency: 'USD' }, link }];
      return [{ userId, type: 'withdrawal_returned', params: { withdrawalId, amount: str(d.usdAmount), currency: 'USD', reason: str(d.reason) }, link }];
    case 'BankWithdrawalReturned':
      return [{ userId, type: 'withdrawal_returned', params: { withdrawalId, amount: str(d.amount), currency: str(d.currency), reason: str(d.reason) }, link }];
    case 'BankWithdrawalHeld':
      return [{ userId, type: 'withdrawal_held', params: { withdrawalId, reason: str(d.reason) }, link }];
    case 'BankWithdrawalReleased':
      return [{ userId, type: 'withdrawal_released', params: { withdrawalId }, link }];
    case 'WithdrawalKycCleared':
      return [{ userId, type: 'kyc_approved', params: { withdrawalId }, link }];
    default:
      return [];
  }
}
