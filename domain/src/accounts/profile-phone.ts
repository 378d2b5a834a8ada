/**
 * A profile change that changes the phone number, decided over the account's stream and the
 * numbers' streams at once (one append, docs/architecture.md "One command, one transaction"):
 * the account's events (`ProfileChanged` drops the verification of the number it replaces) and,
 * when the account held its number verified, that number given back on its stream
 * (`PhoneReleased`), so another account may verify it at once; no profile change can leave a
 * number claimed by an account that no longer has it.
 *
 * The new number is refused (409 `phone_in_use`) when another account holds it verified. It is
 * not claimed by the change: a claim is what a verification by code proves (`phone.ts`), and a
 * claim on a number nobody proved would let anyone lock the number's owner out of it. The
 * account claims it when it verifies it (POST /api/user/phone/verify).
 */
import { ConflictError } from '../shared/errors.js';
import type { ChangeProfile } from './commands.js';
import { decide } from './decide.js';
import type { UserEvent } from './events.js';
import { PHONE_IN_USE, decidePhone, type PhoneEvent, type PhoneState } from './phone.js';
import { parseMobileNumber } from './phone-number.js';
import type { UserState } from './state.js';

/** The numbers whose streams were read for the decision (E.164, or null). */
export interface ProfilePhonesRead {
  /** The number the account held verified when the streams were chosen. */
  readonly verifiedPhone: string | null;
  /** The new number, as a mobile number (null: cleared, or not a mobile number: nobody can hold it). */
  readonly newPhone: string | null;
}

export interface ProfilePhoneStates {
  readonly user: UserState;
  /** The stream of `read.verifiedPhone`, when there is one. */
  readonly oldPhone?: PhoneState;
  /** The stream of `read.newPhone`, when there is one and it is not the old number's. */
  readonly newPhone?: PhoneState;
}

/** The account's verified number changed after its stream was chosen: choose the streams again. */
export class ProfilePhonesUnread extends Error {
  constructor() {
    super('The account\'s verified number changed since its stream was read');
  }
}

/** The streams a profile change reads, from the account as read and the changes asked. */
export function profilePhonesRead(user: UserState, changes: ChangeProfile['data']['changes']): ProfilePhonesRead {
  const typed = changes.phoneNumber;
  return { verifiedPhone: user.isPhoneVerified ? user.verifiedPhone : null, newPhone: typeof typed === 'string' ? parseMobileNumber(typed) : null };
}

export function decideProfileChange(command: ChangeProfile, read: ProfilePhonesRead, states: ProfilePhoneStates): { user: UserEvent[]; oldPhone?: PhoneEvent[] } {
  const user = decide(command, states.user);
  const changed = user.find((e): e is Extract<UserEvent, { type: 'ProfileChanged' }> => e.type === 'ProfileChanged');
  if (!changed || changed.data.changes.phoneNumber === undefined) return { user };
  const current = profilePhonesRead(states.user, command.data.changes);
  if (current.verifiedPhone !== read.verifiedPhone || current.newPhone !== read.newPhone) throw new ProfilePhonesUnread();
  const userId = changed.data.userId;
  if (states.newPhone && states.newPhone.claimedBy !== null && states.newPhone.claimedBy !== userId) throw new ConflictError(PHONE_IN_USE, { code: 'phone_in_use' });
  if (!read.verifiedPhone || !states.oldPhone) return { user };
  const oldPhone = decidePhone({ type: 'ReleasePhone', data: { phone: read.verifiedPhone, userId }, metadata: command.metadata }, states.oldPhone);
  return oldPhone.length > 0 ? { user, oldPhone } : { user };
}
