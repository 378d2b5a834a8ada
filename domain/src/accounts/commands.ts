import type { Command } from '../shared/command.js';
import type { AccountRestriction } from './restrictions.js';
import type { CodeIssueReason, DetectedLocation, LocationSource, PasswordChangeVia, ProfileChanges, SignupForm } from './events.js';

/** A new verification code, prepared by the caller (ids and hashing are not the decider's job). */
export interface NewCode {
  readonly codeId: string;
  readonly codeHash: string;
  readonly expiresAt: Date;
}

export type RegisterUser = Command<
  'RegisterUser',
  {
    readonly userId: string;
    readonly profile: {
      readonly username: string;
      readonly email: string;
      readonly phoneNumber: string | null;
      readonly psnUsername: string | null;
      readonly activisionId: string | null;
      readonly country: string | null;
      readonly timezone: string | null;
      readonly preferredCurrency: string;
      readonly preferredLanguage: string;
      readonly dateOfBirth: string | null;
    };
    readonly signupForm: SignupForm;
    readonly ipAddress: string | null;
    /** A code to send; null registers the email as already verified (seeded accounts only). */
    readonly code: NewCode | null;
  }
>;

export type IssueVerificationCode = Command<
  'IssueVerificationCode',
  {
    readonly code: NewCode;
    readonly reason: CodeIssueReason;
  }
>;

export type VerifyEmail = Command<
  'VerifyEmail',
  {
    /** Whether the submitted code hashes to `codeHash` for `codeId` (the caller holds the key). */
    readonly codeMatches: (codeId: string, codeHash: string) => boolean;
  }
>;

/** A code sent by SMS to `phone` (E.164, already parsed and claimed for sending by the caller). */
export type IssuePhoneCode = Command<
  'IssuePhoneCode',
  {
    readonly phone: string;
    readonly code: NewCode;
  }
>;

export type VerifyPhone = Command<
  'VerifyPhone',
  {
    /** Whether the submitted code hashes to `codeHash` for `codeId` (the caller holds the key). */
    readonly codeMatches: (codeId: string, codeHash: string) => boolean;
  }
>;

export type ChangeProfile = Command<
  'ChangeProfile',
  {
    readonly changes: ProfileChanges;
    /** Required when the email may change: the code sent to the new address. */
    readonly code: NewCode | null;
  }
>;

export type SetPreferredCurrency = Command<
  'SetPreferredCurrency',
  {
    readonly currency: string;
    readonly setByUser: boolean;
  }
>;

export type RecordDetectedLocation = Command<
  'RecordDetectedLocation',
  {
    readonly location: DetectedLocation;
    readonly source: LocationSource;
    readonly ipAddress: string | null;
  }
>;

export type ConfirmLocation = Command<
  'ConfirmLocation',
  {
    readonly acceptLocation: boolean;
    /** What the client showed; used only when the server has no detection recorded. */
    readonly clientLocation: DetectedLocation | null;
  }
>;

export type VerifyAge = Command<
  'VerifyAge',
  {
    readonly adminId: string;
  }
>;

export type ChangeAdminNote = Command<
  'ChangeAdminNote',
  {
    readonly adminId: string;
    readonly note: string;
  }
>;

export type GrantAdmin = Command<
  'GrantAdmin',
  {
    /** 'seed', 'system' or `admin:<id>`. */
    readonly grantedBy: string;
  }
>;

/** An admin makes a user a moderator, or takes the role back. */
export type SetModeratorRole = Command<'SetModeratorRole', { readonly adminId: string; readonly isModerator: boolean }>;

/** Records that the password was changed; the caller stores the new hash in the credentials table in the same transaction. */
export type RecordPasswordChange = Command<'RecordPasswordChange', { readonly via: PasswordChangeVia }>;

/** Records a sign-in from a device the account had not used (the caller checked the sessions). */
export type RecordNewDeviceSignIn = Command<'RecordNewDeviceSignIn', { readonly sessionId: string | null; readonly device: string }>;
/** What must be true before a person is erased: nothing of theirs still in play, nothing left to pay out. */
export interface ErasureFacts {
  readonly openBets: number;
  readonly openPools: number;
  /** Every balance the person still holds, formatted (`"0.00"` when none). */
  readonly balances: readonly { readonly currency: string; readonly amount: string }[];
}
export type RequestErasure = Command<'RequestErasure', { readonly coolingMs: number }>;
export type CancelErasureRequest = Command<'CancelErasureRequest', Record<string, never>>;
export type ErasePerson = Command<'ErasePerson', { readonly by: string; readonly facts: ErasureFacts }>;

/** An admin suspends, freezes, or lifts either (issue #29); `reason` is shown to the player. */
export type RestrictAccount = Command<
  'RestrictAccount',
  {
    readonly adminId: string;
    readonly restriction: AccountRestriction;
    /** true imposes it, false lifts it. */
    readonly on: boolean;
    readonly reason: string;
  }
>;

export type UserCommand =
  | RegisterUser
  | IssueVerificationCode
  | VerifyEmail
  | IssuePhoneCode
  | VerifyPhone
  | ChangeProfile
  | SetPreferredCurrency
  | RecordDetectedLocation
  | ConfirmLocation
  | VerifyAge
  | ChangeAdminNote
  | GrantAdmin
  | SetModeratorRole
  | RecordPasswordChange
  | RecordNewDeviceSignIn
  | ErasePerson
  | RequestErasure
  | CancelErasureRequest
  | RestrictAccount;
