import type { DetectedLocation, UserEvent } from './events.js';

export interface PendingCode {
  readonly codeId: string;
  readonly codeHash: string;
  readonly email: string;
  readonly expiresAt: string;
  readonly issuedAt: string;
  readonly failedAttempts: number;
}

export interface PendingPhoneCode {
  readonly codeId: string;
  readonly codeHash: string;
  /** E.164. */
  readonly phone: string;
  readonly expiresAt: string;
  readonly issuedAt: string;
  readonly failedAttempts: number;
}

export interface UserState {
  readonly exists: boolean;
  readonly userId: string | null;
  readonly username: string | null;
  readonly email: string | null;
  readonly phoneNumber: string | null;
  readonly psnUsername: string | null;
  readonly activisionId: string | null;
  readonly country: string | null;
  readonly timezone: string | null;
  readonly preferredCurrency: string;
  readonly currencySetByUser: boolean;
  readonly isEmailVerified: boolean;
  /** True from PhoneVerified until the profile's phone number changes. */
  readonly isPhoneVerified: boolean;
  /** The E.164 number of the last PhoneVerified, while it is still verified. */
  readonly verifiedPhone: string | null;
  readonly pendingPhoneCode: PendingPhoneCode | null;
  readonly lastPhoneCodeIssuedAt: string | null;
  readonly isAgeVerified: boolean;
  readonly isAdmin: boolean;
  readonly isModerator: boolean;
  readonly adminNote: string;
  readonly pendingCode: PendingCode | null;
  readonly lastCodeIssuedAt: string | null;
  readonly detectedLocation: DetectedLocation | null;
  /** PersonErased: nothing about the person is decided or written any more. */
  readonly erased?: boolean;
  /** A pending erasure request: carried out from this time unless cancelled. */
  readonly erasureEffectiveAt?: string | null;
  /** The reason of the suspension in force (AccountSuspended), null when none. */
  readonly suspensionReason: string | null;
  /** The reason of the freeze in force (AccountFrozen), null when none. */
  readonly freezeReason: string | null;
}

export function initialState(): UserState {
  return {
    exists: false,
    userId: null,
    username: null,
    email: null,
    phoneNumber: null,
    psnUsername: null,
    activisionId: null,
    country: null,
    timezone: null,
    preferredCurrency: 'USD',
    currencySetByUser: false,
    isEmailVerified: false,
    isPhoneVerified: false,
    verifiedPhone: null,
    pendingPhoneCode: null,
    lastPhoneCodeIssuedAt: null,
    isAgeVerified: false,
    isAdmin: false,
    isModerator: false,
    adminNote: '',
    pendingCode: null,
    lastCodeIssuedAt: null,
    detectedLocation: null,
    suspensionReason: null,
    freezeReason: null,
  };
}

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        userId: d.userId,
        username: d.username,
        email: d.email,
        phoneNumber: d.phoneNumber,
        psnUsername: d.psnUsername,
        activisionId: d.activisionId,
        country: d.country,
        timezone: d.timezone,
        preferredCurrency: d.preferredCurrency,
        // The full form asks for country and currency: the player chose them.
        currencySetByUser: d.signupForm === 'full',
      };
    }
    case 'EmailVerificationCodeIssued': {
      const d = event.data;
      return {
        ...state,
        pendingCode: { codeId: d.codeId, codeHash: d.codeHash, email: d.email, expiresAt: d.expiresAt, issuedAt: d.issuedAt, failedAttempts: 0 },
        lastCodeIssuedAt: d.issuedAt,
      };
    }
    case 'EmailVerificationAttemptFailed':
      return state.pendingCode && state.pendingCode.codeId === event.data.codeId
        ? { ...state, pendingCode: { ...state.pendingCode, failedAttempts: event.data.attempts } }
        : state;
    case 'EmailVerified':
      return { ...state, isEmailVerified: true, pendingCode: null };
    case 'PhoneVerificationCodeIssued': {
      const d = event.data;
      return {
        ...state,
        pendingPhoneCode: { codeId: d.codeId, codeHash: d.codeHash, phone: d.phone, expiresAt: d.expiresAt, issuedAt: d.issuedAt, failedAttempts: 0 },
        lastPhoneCodeIssuedAt: d.issuedAt,
      };
    }
    case 'PhoneVerificationAttemptFailed':
      return state.pendingPhoneCode && state.pendingPhoneCode.codeId === event.data.codeId
        ? { ...state, pendingPhoneCode: { ...state.pendingPhoneCode, failedAttempts: event.data.attempts } }
        : state;
    case 'PhoneVerified':
      return { ...state, isPhoneVerified: true, verifiedPhone: event.data.phone, phoneNumber: event.data.phone, pendingPhoneCode: null };
    case 'ProfileChanged': {
      const c = event.data.changes;
      const emailChanged = c.email !== undefined && c.email !== state.email;
      // A ProfileChanged names only fields that differ, so a phone in it is a new number.
      const phoneChanged = c.phoneNumber !== undefined && c.phoneNumber !== state.phoneNumber;
      return {
        ...state,
        ...(c.username !== undefined ? { username: c.username } : {}),
        ...(c.email !== undefined ? { email: c.email } : {}),
        ...(c.phoneNumber !== undefined ? { phoneNumber: c.phoneNumber } : {}),
        ...(c.psnUsername !== undefined ? { psnUsername: c.psnUsername } : {}),
        ...(c.activisionId !== undefined ? { activisionId: c.activisionId } : {}),
        ...(c.country !== undefined ? { country: c.country } : {}),
        ...(c.timezone !== undefined ? { timezone: c.timezone } : {}),
        ...(emailChanged ? { isEmailVerified: false, pendingCode: null } : {}),
        ...(phoneChanged ? { isPhoneVerified: false, verifiedPhone: null } : {}),
      };
    }
    case 'PreferredCurrencySet':
      return { ...state, preferredCurrency: event.data.currency, currencySetByUser: state.currencySetByUser || event.data.setByUser };
    case 'LocationDetected':
      return { ...state, detectedLocation: { country: event.data.country, city: event.data.city, currency: event.data.currency } };
    case 'LocationConfirmed':
      return {
        ...state,
        preferredCurrency: event.data.currency,
        currencySetByUser: true,
        ...(event.data.country !== null ? { country: event.data.country } : {}),
      };
    case 'AgeVerified':
      return { ...state, isAgeVerified: true };
    case 'AdminNoteChanged':
      return { ...state, adminNote: event.data.note };
    case 'AdminGranted':
      return { ...state, isAdmin: true };
    case 'ModeratorRoleSet':
      return { ...state, isModerator: event.data.isModerator };
    case 'PasswordChanged':
    case 'NewDeviceSignedIn':
      // Facts for the owner's security notices and the audit trail; no rule reads them.
      return state;
    case 'AccountSuspended':
      return { ...state, suspensionReason: event.data.reason };
    case 'AccountSuspensionLifted':
      return { ...state, suspensionReason: null };
    case 'AccountFrozen':
      return { ...state, freezeReason: event.data.reason };
    case 'AccountUnfrozen':
      return { ...state, freezeReason: null };
    case 'ErasureRequested':
      return { ...state, erasureEffectiveAt: event.data.effectiveAt };
    case 'ErasureRequestCancelled':
      return { ...state, erasureEffectiveAt: null };
    case 'PersonErased':
      return { ...state, erasureEffectiveAt: null, erased: true, username: null, email: null, phoneNumber: null, psnUsername: null, activisionId: null, verifiedPhone: null, pendingPhoneCode: null, pendingCode: null, detectedLocation: null, adminNote: '' };
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}
