/**
 * What a notification is about (its type), which category a person switches it by, and on which
 * channels it reaches them. Preferences are per category and channel; some categories are money
 * or security a person must hear of, and their in-app and email channels cannot be switched off.
 */
import { z } from 'zod';

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CATEGORIES = ['challenges', 'results', 'bets', 'payments', 'pools', 'moderation', 'account', 'safer_play'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_TYPES = [
  'challenge_received',
  'challenge_accepted',
  'result_reported',
  'dispute_opened',
  'dispute_resolved',
  'appeal_filed',
  'appeal_to_review',
  'appeal_decided',
  'bet_won',
  'bet_lost',
  'bet_voided',
  'bet_expired',
  'deposit_credited',
  'withdrawal_sent',
  'withdrawal_paid',
  'withdrawal_returned',
  'withdrawal_held',
  'withdrawal_released',
  'kyc_approved',
  'kyc_rejected',
  'age_verified',
  'password_changed',
  'new_device',
  'pool_joined',
  'pool_cancelled',
  'pool_settled',
  'moderator_requested',
  'limit_effective',
  'exclusion_ended',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const CATEGORY_OF: Readonly<Record<NotificationType, NotificationCategory>> = {
  challenge_received: 'challenges',
  challenge_accepted: 'challenges',
  result_reported: 'results',
  dispute_opened: 'results',
  dispute_resolved: 'results',
  appeal_filed: 'results',
  appeal_to_review: 'moderation',
  appeal_decided: 'results',
  bet_won: 'bets',
  bet_lost: 'bets',
  bet_voided: 'bets',
  bet_expired: 'bets',
  deposit_credited: 'payments',
  withdrawal_sent: 'payments',
  withdrawal_paid: 'payments',
  withdrawal_returned: 'payments',
  withdrawal_held: 'payments',
  withdrawal_released: 'payments',
  kyc_approved: 'account',
  kyc_rejected: 'account',
  age_verified: 'account',
  password_changed: 'account',
  new_device: 'account',
  pool_joined: 'pools',
  pool_cancelled: 'pools',
  pool_settled: 'pools',
  moderator_requested: 'moderation',
  limit_effective: 'safer_play',
  exclusion_ended: 'safer_play',
};

export type ChannelSwitches = Readonly<Record<NotificationChannel, boolean>>;
export type NotificationPreferences = Readonly<Record<NotificationCategory, ChannelSwitches>>;

const on = (inApp: boolean, email: boolean, push: boolean): ChannelSwitches => ({ in_app: inApp, email, push });

/**
 * Money and deadlines reach a person by email and push unless they say otherwise; account
 * decisions and safer-play reminders are personal, so they are not pushed to a lock screen by
 * default (push carries only the title, but the title itself says what happened).
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  challenges: on(true, true, true),
  results: on(true, true, true),
  bets: on(true, true, true),
  payments: on(true, true, true),
  pools: on(true, true, true),
  moderation: on(true, true, true),
  account: on(true, true, false),
  safer_play: on(true, true, false),
};

/** Security and money: the person always hears of them in the app and by email. */
export const LOCKED_CHANNELS: Readonly<Partial<Record<NotificationCategory, readonly NotificationChannel[]>>> = {
  payments: ['in_app', 'email'],
  account: ['in_app', 'email'],
};

export function isLocked(category: NotificationCategory, channel: NotificationChannel): boolean {
  return LOCKED_CHANNELS[category]?.includes(channel) ?? false;
}

export const notificationMessages = {
  preferencesInvalid: 'Invalid notification preferences',
  channelLocked: 'This notification cannot be switched off',
  notificationNotFound: 'Notification not found',
  idsInvalid: 'Give the ids of the notifications to mark read, or all',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

export const NOTIFICATION_READ_IDS_MAX = 100;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const switchesSchema = z.object({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() }).partial().strict();
/** A change of preferences: any categories, any channels of each; the others keep their value. */
export const notificationPreferencesChangeSchema = z
  .object(Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, switchesSchema.optional()])) as Record<NotificationCategory, z.ZodOptional<typeof switchesSchema>>, {
    error: notificationMessages.preferencesInvalid,
  })
  .strict();
export type NotificationPreferencesChange = z.output<typeof notificationPreferencesChangeSchema>;

export const markReadSchema = z.union(
  [z.object({ all: z.literal(true) }).strict(), z.object({ ids: z.array(z.string().regex(UUID_PATTERN)).min(1).max(NOTIFICATION_READ_IDS_MAX) }).strict()],
  { error: notificationMessages.idsInvalid },
);
export type MarkRead = z.output<typeof markReadSchema>;

/** `current` with `change` applied (a pure merge; the decider checks the locked channels). */
export function applyPreferencesChange(current: NotificationPreferences, change: NotificationPreferencesChange): NotificationPreferences {
  const next = { ...current } as Record<NotificationCategory, ChannelSwitches>;
  for (const category of NOTIFICATION_CATEGORIES) {
    const c = change[category];
    if (c) next[category] = { ...current[category], ...c };
  }
  return next;
}

/** The channels a notification of `type` goes out on under `preferences` (locked ones always). */
export function channelsFor(type: NotificationType, preferences: NotificationPreferences): NotificationChannel[] {
  const category = CATEGORY_OF[type];
  return NOTIFICATION_CHANNELS.filter((channel) => isLocked(category, channel) || preferences[category][channel]);
}
