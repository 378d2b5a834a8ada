import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError, assert } from '../shared/errors.js';
import type {
  ErasePerson,
  RequestErasure,
  ChangeAdminNote,
  ChangeProfile,
  ConfirmLocation,
  GrantAdmin,
  SetModeratorRole,
  IssueVerificationCode,
  IssuePhoneCode,
  NewCode,
  RecordDetectedLocation,
  RecordNewDeviceSignIn,
  RecordPasswordChange,
  RegisterUser,
  RestrictAccount,
  SetPreferredCurrency,
  UserCommand,
  VerifyAge,
  VerifyEmail,
  VerifyPhone,
} from './commands.js';
import type { CodeIssueReason, ProfileChanges, UserEvent } from './events.js';
import { PRIVACY_MESSAGES } from './privacy.js';
import { assertRestrictionChange, restrictionReason } from './restrictions.js';
import { EMAIL_CODE_ATTEMPTS_MAX, EMAIL_CODE_RESEND_COOLDOWN_SECONDS, PHONE_CODE_ATTEMPTS_MAX, PHONE_CODE_RESEND_COOLDOWN_SECONDS } from './rules.js';
import type { UserState } from './state.js';

export const ACCOUNT_NOT_FOUND = 'Account not found';
export const INVALID_VERIFICATION_CODE = 'Invalid verification code';
export const VERIFICATION_CODE_EXPIRED = 'Verification code has expired. Request a new code.';
export const VERIFICATION_CODE_LOCKED = 'Too many wrong codes. Request a new code.';
export const EMAIL_ALREADY_VERIFIED = 'Email already verified';
export const RESEND_TOO_SOON = 'Please wait before requesting another code';
export const DETECT_LOCATION_FIRST = 'Detect your location first';
export const PHONE_ALREADY_VERIFIED = 'This phone number is already verified';
export const REQUEST_PHONE_CODE_FIRST = 'Request a code first';

/** Thrown when the stream's owner does not exist; every command but RegisterUser needs one. */
function requireExisting(state: UserState): void {
  if (!state.exists) throw new NotFoundError(ACCOUNT_NOT_FOUND);
}

function codeIssued(userId: string, email: string, code: NewCode, reason: CodeIssueReason, now: Date): UserEvent {
  return {
    type: 'EmailVerificationCodeIssued',
    data: { userId, codeId: code.codeId, email, codeHash: code.codeHash, expiresAt: code.expiresAt.toISOString(), issuedAt: now.toISOString(), reason },
  };
}

function register(command: RegisterUser['data'], now: Date, state: UserState): UserEvent[] {
  if (state.exists) throw new ConflictError('Account already exists');
  const at = now.toISOString();
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { userId: command.userId, ...command.profile, signupForm: command.signupForm, ipAddress: command.ipAddress, registeredAt: at },
  };
  if (command.code === null) {
    return [registered, { type: 'EmailVerified', data: { userId: command.userId, email: command.profile.email, codeId: null, method: 'seed', verifiedAt: at } }];
  }
  return [registered, codeIssued(command.userId, command.profile.email, command.code, 'signup', now)];
}

/** Seconds until another code may be sent, 0 when one may be sent now. */
export function resendWaitSeconds(state: UserState, now: Date): number {
  if (!state.lastCodeIssuedAt) return 0;
  const elapsedMs = now.getTime() - new Date(state.lastCodeIssuedAt).getTime();
  const waitMs = EMAIL_CODE_RESEND_COOLDOWN_SECONDS * 1000 - elapsedMs;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

function issueVerificationCode(command: IssueVerificationCode['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (state.isEmailVerified) throw new ValidationError(EMAIL_ALREADY_VERIFIED);
  const wait = resendWaitSeconds(state, now);
  if (wait > 0) throw new TooManyRequestsError(RESEND_TOO_SOON, wait, { code: 'resend_too_soon' });
  return [codeIssued(state.userId!, state.email!, command.code, command.reason, now)];
}

/** A wrong code is recorded (it counts towards the lock) rather than thrown, so the caller answers 400 after storing it. */
function verifyEmail(command: VerifyEmail['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (state.isEmailVerified) throw new ValidationError(EMAIL_ALREADY_VERIFIED);
  const code = state.pendingCode;
  if (!code) throw new ValidationError(INVALID_VERIFICATION_CODE, { code: 'invalid_verification_code' });
  if (code.failedAttempts >= EMAIL_CODE_ATTEMPTS_MAX) throw new TooManyRequestsError(VERIFICATION_CODE_LOCKED, Math.max(1, resendWaitSeconds(state, now)), { code: 'verification_code_locked' });
  if (new Date(code.expiresAt).getTime() <= now.getTime()) throw new ValidationError(VERIFICATION_CODE_EXPIRED);
  if (!command.codeMatches(code.codeId, code.codeHash)) {
    return [{ type: 'EmailVerificationAttemptFailed', data: { userId: state.userId!, codeId: code.codeId, attempts: code.failedAttempts + 1, failedAt: now.toISOString() } }];
  }
  return [{ type: 'EmailVerified', data: { userId: state.userId!, email: code.email, codeId: code.codeId, method: 'code', verifiedAt: now.toISOString() } }];
}

/** Seconds until this account may have another SMS code, 0 when it may now (one per 60 s). */
export function phoneResendWaitSeconds(state: Pick<UserState, 'lastPhoneCodeIssuedAt'>, now: Date): number {
  if (!state.lastPhoneCodeIssuedAt) return 0;
  const waitMs = PHONE_CODE_RESEND_COOLDOWN_SECONDS * 1000 - (now.getTime() - new Date(state.lastPhoneCodeIssuedAt).getTime());
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/**
 * A code by SMS. The caller has already recorded the send on the number's own stream (daily
 * cap, numbers verified by someone else); this stream holds the per-account rules.
 */
function issuePhoneCode(command: IssuePhoneCode['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (state.isPhoneVerified && state.verifiedPhone === command.phone) throw new ValidationError(PHONE_ALREADY_VERIFIED, { code: 'phone_already_verified' });
  const wait = phoneResendWaitSeconds(state, now);
  if (wait > 0) throw new TooManyRequestsError(RESEND_TOO_SOON, wait, { code: 'resend_too_soon' });
  const { code } = command;
  return [
    {
      type: 'PhoneVerificationCodeIssued',
      data: { userId: state.userId!, codeId: code.codeId, phone: command.phone, codeHash: code.codeHash, expiresAt: code.expiresAt.toISOString(), issuedAt: now.toISOString() },
    },
  ];
}

/**
 * Checks a code against the pending one. A wrong code is recorded (it counts towards the lock)
 * rather than thrown; a right one gives PhoneVerified, which the caller appends only once the
 * number is claimed for this account.
 */
function verifyPhone(command: VerifyPhone['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  const code = state.pendingPhoneCode;
  if (!code) throw new ValidationError(REQUEST_PHONE_CODE_FIRST, { code: 'phone_code_not_requested' });
  if (code.failedAttempts >= PHONE_CODE_ATTEMPTS_MAX) throw new TooManyRequestsError(VERIFICATION_CODE_LOCKED, Math.max(1, phoneResendWaitSeconds(state, now)), { code: 'verification_code_locked' });
  if (new Date(code.expiresAt).getTime() <= now.getTime()) throw new ValidationError(VERIFICATION_CODE_EXPIRED, { code: 'verification_code_expired' });
  if (!command.codeMatches(code.codeId, code.codeHash)) {
    return [{ type: 'PhoneVerificationAttemptFailed', data: { userId: state.userId!, codeId: code.codeId, attempts: code.failedAttempts + 1, failedAt: now.toISOString() } }];
  }
  return [{ type: 'PhoneVerified', data: { userId: state.userId!, phone: code.phone, codeId: code.codeId, verifiedAt: now.toISOString() } }];
}

/** Keeps only the fields that differ from the current ones. */
export function profileDelta(state: UserState, changes: ProfileChanges): ProfileChanges {
  const delta: Record<string, string | null> = {};
  for (const key of ['username', 'email', 'phoneNumber', 'psnUsername', 'activisionId', 'country', 'timezone'] as const) {
    const value = changes[key];
    if (value !== undefined && value !== state[key]) delta[key] = value;
  }
  return delta as ProfileChanges;
}

function changeProfile(command: ChangeProfile['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  const delta = profileDelta(state, command.changes);
  if (Object.keys(delta).length === 0) return [];
  const events: UserEvent[] = [{ type: 'ProfileChanged', data: { userId: state.userId!, changes: delta, changedAt: now.toISOString() } }];
  if (delta.email !== undefined) {
    assert(command.code !== null, 'a changed email needs a new verification code');
    events.push(codeIssued(state.userId!, delta.email, command.code, 'email-changed', now));
  }
  return events;
}

function setPreferredCurrency(command: SetPreferredCurrency['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  return [{ type: 'PreferredCurrencySet', data: { userId: state.userId!, currency: command.currency, setByUser: command.setByUser, setAt: now.toISOString() } }];
}

function recordDetectedLocation(command: RecordDetectedLocation['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  return [{ type: 'LocationDetected', data: { userId: state.userId!, ...command.location, source: command.source, ipAddress: command.ipAddress, detectedAt: now.toISOString() } }];
}

/** Accepting takes the server's detection (the client's copy only when none is recorded); declining uses USD. */
function confirmLocation(command: ConfirmLocation['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  const at = now.toISOString();
  if (!command.acceptLocation) {
    return [{ type: 'LocationConfirmed', data: { userId: state.userId!, acceptLocation: false, country: null, currency: 'USD', confirmedAt: at } }];
  }
  const location = state.detectedLocation ?? command.clientLocation;
  if (!location) throw new ValidationError(DETECT_LOCATION_FIRST);
  return [{ type: 'LocationConfirmed', data: { userId: state.userId!, acceptLocation: true, country: location.country, currency: location.currency, confirmedAt: at } }];
}

function verifyAge(command: VerifyAge['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (state.isAgeVerified) return [];
  return [{ type: 'AgeVerified', data: { userId: state.userId!, verifiedBy: command.adminId, verifiedAt: now.toISOString() } }];
}

function changeAdminNote(command: ChangeAdminNote['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (command.note === state.adminNote) return [];
  return [{ type: 'AdminNoteChanged', data: { userId: state.userId!, note: command.note, changedBy: command.adminId, changedAt: now.toISOString() } }];
}

function grantAdmin(command: GrantAdmin['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (state.isAdmin) return [];
  return [{ type: 'AdminGranted', data: { userId: state.userId!, grantedBy: command.grantedBy, grantedAt: now.toISOString() } }];
}

function setModeratorRole(command: SetModeratorRole['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (state.isModerator === command.isModerator) return [];
  return [{ type: 'ModeratorRoleSet', data: { userId: state.userId!, isModerator: command.isModerator, setBy: command.adminId, setAt: now.toISOString() } }];
}

function recordPasswordChange(command: RecordPasswordChange['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  return [{ type: 'PasswordChanged', data: { userId: state.userId!, via: command.via, changedAt: now.toISOString() } }];
}

function recordNewDeviceSignIn(command: RecordNewDeviceSignIn['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  return [{ type: 'NewDeviceSignedIn', data: { userId: state.userId!, sessionId: command.sessionId, device: command.device, signedInAt: now.toISOString() } }];
}

function erasePerson(command: ErasePerson['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (state.erased) return [];
  const f = command.facts;
  if (f.openBets > 0) throw new ConflictError(PRIVACY_MESSAGES.openBets, { code: 'erasure_open_bets', params: { count: f.openBets } });
  if (f.openPools > 0) throw new ConflictError(PRIVACY_MESSAGES.openPools, { code: 'erasure_open_pools', params: { count: f.openPools } });
  if (f.balances.some((b) => Number(b.amount) !== 0)) throw new ConflictError(PRIVACY_MESSAGES.balanceLeft, { code: 'erasure_balance_left' });
  return [{ type: 'PersonErased', data: { userId: state.userId!, by: command.by, erasedAt: now.toISOString() } }];
}

function requestErasure(command: RequestErasure['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  // Asked again while pending: the first request stands (its cooling period is not restarted).
  if (state.erasureEffectiveAt) return [];
  return [{ type: 'ErasureRequested', data: { userId: state.userId!, requestedAt: now.toISOString(), effectiveAt: new Date(now.getTime() + command.coolingMs).toISOString() } }];
}

function cancelErasureRequest(now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  if (!state.erasureEffectiveAt) throw new ConflictError(PRIVACY_MESSAGES.noErasureRequest, { code: 'no_erasure_request' });
  return [{ type: 'ErasureRequestCancelled', data: { userId: state.userId!, cancelledAt: now.toISOString() } }];
}

/** Suspend, freeze, or lift either: one event with the reason and the acting admin (docs/architecture.md, "Suspending and freezing an account"). */
function restrictAccount(command: RestrictAccount['data'], now: Date, state: UserState): UserEvent[] {
  requireExisting(state);
  const reason = restrictionReason(command.reason);
  assertRestrictionChange(command.restriction, command.on, state);
  const data = { userId: state.userId!, reason, by: command.adminId, at: now.toISOString() };
  if (command.restriction === 'suspension') return [{ type: command.on ? 'AccountSuspended' : 'AccountSuspensionLifted', data }];
  return [{ type: command.on ? 'AccountFrozen' : 'AccountUnfrozen', data }];
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  // Nothing is decided about an erased person (their answer is "not found" at the routes).
  if (state.erased && command.type !== 'ErasePerson') throw new NotFoundError('User not found', { code: 'user_not_found' });
  switch (command.type) {
    case 'RegisterUser':
      return register(command.data, command.metadata.now, state);
    case 'IssueVerificationCode':
      return issueVerificationCode(command.data, command.metadata.now, state);
    case 'VerifyEmail':
      return verifyEmail(command.data, command.metadata.now, state);
    case 'IssuePhoneCode':
      return issuePhoneCode(command.data, command.metadata.now, state);
    case 'VerifyPhone':
      return verifyPhone(command.data, command.metadata.now, state);
    case 'ChangeProfile':
      return changeProfile(command.data, command.metadata.now, state);
    case 'SetPreferredCurrency':
      return setPreferredCurrency(command.data, command.metadata.now, state);
    case 'RecordDetectedLocation':
      return recordDetectedLocation(command.data, command.metadata.now, state);
    case 'ConfirmLocation':
      return confirmLocation(command.data, command.metadata.now, state);
    case 'VerifyAge':
      return verifyAge(command.data, command.metadata.now, state);
    case 'ChangeAdminNote':
      return changeAdminNote(command.data, command.metadata.now, state);
    case 'GrantAdmin':
      return grantAdmin(command.data, command.metadata.now, state);
    case 'SetModeratorRole':
      return setModeratorRole(command.data, command.metadata.now, state);
    case 'RecordPasswordChange':
      return recordPasswordChange(command.data, command.metadata.now, state);
    case 'RecordNewDeviceSignIn':
      return recordNewDeviceSignIn(command.data, command.metadata.now, state);
    case 'ErasePerson':
      return erasePerson(command.data, command.metadata.now, state);
    case 'RequestErasure':
      return requestErasure(command.data, command.metadata.now, state);
    case 'CancelErasureRequest':
      return cancelErasureRequest(command.metadata.now, state);
    case 'RestrictAccount':
      return restrictAccount(command.data, command.metadata.now, state);
    default: {
      const unknownCommand: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
