/**
 * Personal data in events (docs/architecture.md, "Personal data and erasure"). A personal field
 * of a new event is stored sealed: `pd1.<subject>.<iv>.<ciphertext>.<tag>`, AES-256-GCM under the
 * data key of the person it is about (the subject, a user id), with the subject as associated
 * data. The books and the rules only need what stays in clear (ids, amounts, states). When a
 * person is erased their key is destroyed: their sealed fields read as `ERASED_VALUE` for ever.
 * The sealing itself is I/O-free but needs node:crypto and the key store, so it lives in the api.
 */
export const SEALED_PREFIX = 'pd1.';
export const ERASED_VALUE = '[erased]';

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/** The user id a sealed value is about, or null when it is not sealed. */
export function sealedSubject(value: unknown): string | null {
  if (!isSealed(value)) return null;
  const subject = value.slice(SEALED_PREFIX.length).split('.')[0];
  return subject ? subject : null;
}

/** How an erased person is shown: a stable pseudonym from their id (the id stays in the books). */
export function erasedPlayerName(userId: string): string {
  return `erased player #${userId.replace(/-/g, '').slice(0, 8)}`;
}

/**
 * Which fields of which events are personal, and whose (the field holding the subject's user
 * id). Everything else stays in clear: ids, amounts, states, times, postings. A path may go down
 * (`changes.email`) and through an array (`evidence[].filename`: that field of every element).
 * Only string values are sealed (null stays null).
 */
export interface PersonalFieldsRule {
  readonly subject: string;
  readonly fields: readonly string[];
  /** Subjects that are not a person (the chat's system sender). */
  readonly notPersons?: readonly string[];
  /**
   * A field naming a narrower scope (the chat): the value is sealed under a key of its own for
   * (person, scope), so a scope can be shredded alone (retention) and the person's erasure still
   * shreds it (docs/architecture.md, "Retention").
   */
  readonly scope?: string;
}

/** Between the person and the scope in a scoped subject: `<userId>~<scope>`. */
export const SCOPE_SEPARATOR = '~';

export function scopedSubject(person: string, scope: string | undefined): string {
  return scope === undefined ? person : `${person}${SCOPE_SEPARATOR}${scope}`;
}

/** The person a (possibly scoped) subject belongs to. */
export function personOfSubject(subject: string): string {
  const at = subject.indexOf(SCOPE_SEPARATOR);
  return at < 0 ? subject : subject.slice(0, at);
}

export const PERSONAL_FIELDS: Readonly<Record<string, PersonalFieldsRule>> = {
  UserRegistered: { subject: 'userId', fields: ['username', 'email', 'phoneNumber', 'psnUsername', 'activisionId', 'dateOfBirth', 'ipAddress'] },
  EmailVerificationCodeIssued: { subject: 'userId', fields: ['email'] },
  EmailVerified: { subject: 'userId', fields: ['email'] },
  PhoneVerificationCodeIssued: { subject: 'userId', fields: ['phone'] },
  PhoneVerified: { subject: 'userId', fields: ['phone'] },
  // The number's own stream (`phone-<e164>`): its events repeat the number, sealed under the asker's key.
  PhoneCodeRequested: { subject: 'userId', fields: ['phone'] },
  PhoneClaimed: { subject: 'userId', fields: ['phone'] },
  PhoneReleased: { subject: 'userId', fields: ['phone'] },
  ProfileChanged: { subject: 'userId', fields: ['changes.username', 'changes.email', 'changes.phoneNumber', 'changes.psnUsername', 'changes.activisionId'] },
  LocationDetected: { subject: 'userId', fields: ['city', 'ipAddress'] },
  BankAccountAdded: { subject: 'userId', fields: ['accountName'] },
  BankWithdrawalRequested: { subject: 'userId', fields: ['accountName'] },
  MessagePosted: { subject: 'senderId', scope: 'chatId', fields: ['content'], notPersons: ['system'] },
  // A signed-in person's support message (a visitor's has no userId and no key: kept in clear).
  SupportMessageSubmitted: { subject: 'userId', fields: ['name', 'email', 'subject', 'message', 'reportedUsername'] },
  // The names and the device a notification shows its recipient, under the recipient's key.
  NotificationRaised: { subject: 'userId', fields: ['params.challenger', 'params.opponent', 'params.reporter', 'params.appellant', 'params.device'] },
  // What a player writes into a bet's record: the gaming handle they play under, the names of the
  // evidence files they upload, the reason of their appeal. Platform texts (a dispute's reason)
  // and an admin's notes are not a player's and stay in clear.
  BetCreated: { subject: 'challengerId', fields: ['platformUsername'] },
  BetResultReported: { subject: 'reporterId', fields: ['evidence[].filename'] },
  AppealFiled: { subject: 'appellantId', fields: ['reason'] },
  // What people type into an FPL pool: its creator's name and description of the pool, and an
  // entrant's FPL team name (they chose it; it often carries their real name). The FPL team id
  // stays in clear: the standings and the settlement score by it, never by a name.
  PoolCreated: { subject: 'creatorId', fields: ['name', 'description'] },
  PoolJoined: { subject: 'userId', fields: ['fplTeamName'] },
};

type Data = Record<string, unknown>;

/**
 * `data` with every string at `path` (see `PersonalFieldsRule`) replaced by `fn(value)`; what
 * is not there, or not a string, is left as it is (`data` itself is not changed).
 */
export function mapField(data: unknown, path: string, fn: (value: string) => string): unknown {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const record = data as Data;
  const many = head.endsWith('[]');
  const key = many ? head.slice(0, -2) : head;
  if (!(key in record)) return data;
  const at = (value: unknown): unknown => (rest.length === 0 ? (typeof value === 'string' ? fn(value) : value) : mapField(value, rest.join('.'), fn));
  const current = record[key];
  return { ...record, [key]: many ? (Array.isArray(current) ? current.map(at) : current) : at(current) };
}

/** Every string at `path` of `data`, in order. */
export function fieldValues(data: unknown, path: string): string[] {
  const values: string[] = [];
  mapField(data, path, (value) => {
    values.push(value);
    return value;
  });
  return values;
}

/**
 * The event's data as it reads once `userId` is erased: each of their personal fields (the event
 * is theirs by its rule's subject) reads `ERASED_VALUE`. A read model holding an event's data
 * rewrites it with this on `PersonErased`, so a rebuild after the erasure gives the same rows.
 */
export function erasedData(type: string, data: unknown, userId: string): unknown {
  const rule = PERSONAL_FIELDS[type];
  if (!rule || data === null || typeof data !== 'object' || (data as Data)[rule.subject] !== userId) return data;
  return rule.fields.reduce<unknown>((d, field) => mapField(d, field, () => ERASED_VALUE), data);
}

/** Whether any string inside `data` is sealed (objects and arrays, any depth). */
export function containsSealed(data: unknown): boolean {
  if (isSealed(data)) return true;
  if (Array.isArray(data)) return data.some(containsSealed);
  if (data !== null && typeof data === 'object') return Object.values(data).some(containsSealed);
  return false;
}
