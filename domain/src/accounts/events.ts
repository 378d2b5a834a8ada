/**
 * Events of a `user-<id>` stream. None holds a password, a password hash or a verification
 * code in clear: a code (email or SMS) is recorded as an HMAC (`codeHash`) with its expiry.
 */

export type SignupForm = 'full' | 'quick' | 'seed';

export interface UserRegisteredData {
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly phoneNumber: string | null;
  readonly psnUsername: string | null;
  readonly activisionId: string | null;
  readonly country: string | null;
  readonly timezone: string | null;
  readonly preferredCurrency: string;
  readonly preferredLanguage: string;
  /** ISO date, `YYYY-MM-DD`. */
  readonly dateOfBirth: string | null;
  readonly signupForm: SignupForm;
  readonly ipAddress: string | null;
  readonly registeredAt: string;
}

export type CodeIssueReason = 'signup' | 'resend' | 'email-changed';

export interface EmailVerificationCodeIssuedData {
  readonly userId: string;
  readonly codeId: string;
  readonly email: string;
  readonly codeHash: string;
  readonly expiresAt: string;
  readonly issuedAt: string;
  readonly reason: CodeIssueReason;
}

export interface EmailVerificationAttemptFailedData {
  readonly userId: string;
  readonly codeId: string;
  /** Wrong tries of this code so far, this one included. */
  readonly attempts: number;
  readonly failedAt: string;
}

export interface EmailVerifiedData {
  readonly userId: string;
  readonly email: string;
  readonly codeId: string | null;
  readonly method: 'code' | 'seed';
  readonly verifiedAt: string;
}

export interface PhoneVerificationCodeIssuedData {
  readonly userId: string;
  readonly codeId: string;
  /** E.164, e.g. `+2348031234567`. */
  readonly phone: string;
  readonly codeHash: string;
  readonly expiresAt: string;
  readonly issuedAt: string;
}

export interface PhoneVerificationAttemptFailedData {
  readonly userId: string;
  readonly codeId: string;
  /** Wrong tries of this code so far, this one included. */
  readonly attempts: number;
  readonly failedAt: string;
}

export interface PhoneVerifiedData {
  readonly userId: string;
  /** E.164, e.g. `+2348031234567`. */
  readonly phone: string;
  readonly codeId: string;
  readonly verifiedAt: string;
}

export interface ProfileChanges {
  readonly username?: string;
  readonly email?: string;
  readonly phoneNumber?: string | null;
  readonly psnUsername?: string | null;
  readonly activisionId?: string | null;
  readonly country?: string | null;
  readonly timezone?: string | null;
}

export interface ProfileChangedData {
  readonly userId: string;
  readonly changes: ProfileChanges;
  readonly changedAt: string;
}

export interface PreferredCurrencySetData {
  readonly userId: string;
  readonly currency: string;
  readonly setByUser: boolean;
  readonly setAt: string;
}

export type LocationSource = 'geoip' | 'accept-language' | 'default';

export interface DetectedLocation {
  readonly country: string;
  readonly city: string;
  readonly currency: string;
}

export interface LocationDetectedData extends DetectedLocation {
  readonly userId: string;
  readonly source: LocationSource;
  readonly ipAddress: string | null;
  readonly detectedAt: string;
}

export interface LocationConfirmedData {
  readonly userId: string;
  readonly acceptLocation: boolean;
  readonly country: string | null;
  readonly currency: string;
  readonly confirmedAt: string;
}

export interface AgeVerifiedData {
  readonly userId: string;
  readonly verifiedBy: string;
  readonly verifiedAt: string;
}

export interface AdminNoteChangedData {
  readonly userId: string;
  readonly note: string;
  readonly changedBy: string;
  readonly changedAt: string;
}

export interface AdminGrantedData {
  readonly userId: string;
  readonly grantedBy: string;
  readonly grantedAt: string;
}

/** A moderator may join any chat whose moderator was requested (spec: moderators); set by an admin. */
/**
 * The person is erased: their data key is destroyed right after this event (docs/architecture.md,
 * "Personal data and erasure"); read models show `erasedPlayerName(userId)` from here on.
 */
export interface PersonErasedData {
  readonly userId: string;
  /** `self` or `admin:<id>`. */
  readonly by: string;
  readonly erasedAt: string;
}

/** The person asked to be erased (re-authenticated); carried out from `effectiveAt` (the cooling period) unless cancelled. */
export interface ErasureRequestedData {
  readonly userId: string;
  readonly requestedAt: string;
  readonly effectiveAt: string;
}

export interface ErasureRequestCancelledData {
  readonly userId: string;
  readonly cancelledAt: string;
}

export interface ModeratorRoleSetData {
  readonly userId: string;
  readonly isModerator: boolean;
  readonly setBy: string;
  readonly setAt: string;
}

/** How a password came to change: a reset link, or the signed-in owner changing it. Never the password or its hash. */
export type PasswordChangeVia = 'reset' | 'change';

export interface PasswordChangedData {
  readonly userId: string;
  readonly via: PasswordChangeVia;
  readonly changedAt: string;
}

/**
 * A sign-in from a device (a session's user agent) this account had not signed in from before,
 * on an account that had signed in before. `device` is a short label from the user agent (e.g.
 * `Chrome · Windows`, `unknown` when neither is recognised); no IP address.
 */
export interface NewDeviceSignedInData {
  readonly userId: string;
  readonly sessionId: string | null;
  readonly device: string;
  readonly signedInAt: string;
}

/**
 * An admin's restriction of an account (issue #29), with the reason the player is shown and the
 * acting admin. Suspended: the account cannot sign in and its sessions end at once. Frozen: the
 * account can sign in and read, but moves no money (no deposit, bet, join, pool entry or
 * withdrawal). Each is lifted by its own event, with a reason too.
 */
export interface AccountRestrictionData {
  readonly userId: string;
  readonly reason: string;
  /** The acting admin's user id. */
  readonly by: string;
  readonly at: string;
}

export type UserEvent =
  | { type: 'UserRegistered'; data: UserRegisteredData }
  | { type: 'EmailVerificationCodeIssued'; data: EmailVerificationCodeIssuedData }
  | { type: 'EmailVerificationAttemptFailed'; data: EmailVerificationAttemptFailedData }
  | { type: 'EmailVerified'; data: EmailVerifiedData }
  | { type: 'PhoneVerificationCodeIssued'; data: PhoneVerificationCodeIssuedData }
  | { type: 'PhoneVerificationAttemptFailed'; data: PhoneVerificationAttemptFailedData }
  | { type: 'PhoneVerified'; data: PhoneVerifiedData }
  | { type: 'ProfileChanged'; data: ProfileChangedData }
  | { type: 'PreferredCurrencySet'; data: PreferredCurrencySetData }
  | { type: 'LocationDetected'; data: LocationDetectedData }
  | { type: 'LocationConfirmed'; data: LocationConfirmedData }
  | { type: 'AgeVerified'; data: AgeVerifiedData }
  | { type: 'AdminNoteChanged'; data: AdminNoteChangedData }
  | { type: 'AdminGranted'; data: AdminGrantedData }
  | { type: 'ModeratorRoleSet'; data: ModeratorRoleSetData }
  | { type: 'PasswordChanged'; data: PasswordChangedData }
  | { type: 'NewDeviceSignedIn'; data: NewDeviceSignedInData }
  | { type: 'PersonErased'; data: PersonErasedData }
  | { type: 'ErasureRequested'; data: ErasureRequestedData }
  | { type: 'ErasureRequestCancelled'; data: ErasureRequestCancelledData }
  | { type: 'AccountSuspended'; data: AccountRestrictionData }
  | { type: 'AccountSuspensionLifted'; data: AccountRestrictionData }
  | { type: 'AccountFrozen'; data: AccountRestrictionData }
  | { type: 'AccountUnfrozen'; data: AccountRestrictionData };

export type UserEventType = UserEvent['type'];

export const USER_EVENT_TYPES: readonly UserEventType[] = [
  'UserRegistered',
  'EmailVerificationCodeIssued',
  'EmailVerificationAttemptFailed',
  'EmailVerified',
  'PhoneVerificationCodeIssued',
  'PhoneVerificationAttemptFailed',
  'PhoneVerified',
  'ProfileChanged',
  'PreferredCurrencySet',
  'LocationDetected',
  'LocationConfirmed',
  'AgeVerified',
  'AdminNoteChanged',
  'AdminGranted',
  'ModeratorRoleSet',
  'PasswordChanged',
  'NewDeviceSignedIn',
  'PersonErased',
  'ErasureRequested',
  'ErasureRequestCancelled',
  'AccountSuspended',
  'AccountSuspensionLifted',
  'AccountFrozen',
  'AccountUnfrozen',
];

export const USER_STREAM_TYPE = 'user';
export function userStreamId(userId: string): string {
  return `${USER_STREAM_TYPE}-${userId}`;
}
