import type { CodeIssueReason, DetectedLocation, LocationSource, ProfileChanges, SignupForm } from './events.js';

/** A new verification code, prepared by the caller (ids and hashing are not the decider's job). */
export interface NewCode {
  readonly codeId: string;
  readonly codeHash: string;
  readonly expiresAt: Date;
}

export interface RegisterUser {
  readonly type: 'RegisterUser';
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
  readonly now: Date;
}

export interface IssueVerificationCode {
  readonly type: 'IssueVerificationCode';
  readonly code: NewCode;
  readonly reason: CodeIssueReason;
  readonly now: Date;
}

export interface VerifyEmail {
  readonly type: 'VerifyEmail';
  /** Whether the submitted code hashes to `codeHash` for `codeId` (the caller holds the key). */
  readonly codeMatches: (codeId: string, codeHash: string) => boolean;
  readonly now: Date;
}

export interface ChangeProfile {
  readonly type: 'ChangeProfile';
  readonly changes: ProfileChanges;
  /** Required when the email may change: the code sent to the new address. */
  readonly code: NewCode | null;
  readonly now: Date;
}

export interface SetPreferredCurrency {
  readonly type: 'SetPreferredCurrency';
  readonly currency: string;
  readonly setByUser: boolean;
  readonly now: Date;
}

export interface RecordDetectedLocation {
  readonly type: 'RecordDetectedLocation';
  readonly location: DetectedLocation;
  readonly source: LocationSource;
  readonly ipAddress: string | null;
  readonly now: Date;
}

export interface ConfirmLocation {
  readonly type: 'ConfirmLocation';
  readonly acceptLocation: boolean;
  /** What the client showed; used only when the server has no detection recorded. */
  readonly clientLocation: DetectedLocation | null;
  readonly now: Date;
}

export interface VerifyAge {
  readonly type: 'VerifyAge';
  readonly adminId: string;
  readonly now: Date;
}

export interface ChangeAdminNote {
  readonly type: 'ChangeAdminNote';
  readonly adminId: string;
  readonly note: string;
  readonly now: Date;
}

export interface GrantAdmin {
  readonly type: 'GrantAdmin';
  /** 'seed', 'system' or `admin:<id>`. */
  readonly grantedBy: string;
  readonly now: Date;
}

export type UserCommand =
  | RegisterUser
  | IssueVerificationCode
  | VerifyEmail
  | ChangeProfile
  | SetPreferredCurrency
  | RecordDetectedLocation
  | ConfirmLocation
  | VerifyAge
  | ChangeAdminNote
  | GrantAdmin;
