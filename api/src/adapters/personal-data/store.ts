/**
 * The event store every part of the app uses, in front of the real one: on append it seals the
 * personal fields of new events (`PERSONAL_FIELDS`) under their subject's data key, so the
 * stored form (and the hash chain over it) never holds them in clear; on every read it opens
 * them again (an upcaster), keeping the stored form in `storedData` for chain checks. Once a
 * person's key is destroyed their fields read as `[erased]`. Events recorded before carry their
 * personal fields in clear and are read as they are (docs/architecture.md says what that means
 * for erasure).
 */
import { ERASED_VALUE, PERSONAL_FIELDS, containsSealed, fieldValues, isSealed, mapField, scopedSubject, type AppendResult, type EventStore, type ExpectedRevision, type MultiStreamAppendResult, type NewEvent, type StreamAppend, type Position, type ReadAllOptions, type ReadStreamOptions, type RecordedEvent, type SubscribeOptions } from '@wager/domain';
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';
import type { Config } from '../../config.js';
import { appSecret } from '../database/app-secret.js';
import { ForwardingEventStore } from '../event-store/forwarding.js';
import { LocalMasterKey } from '../kms/key-wrapping.js';
import { PersonErasedError, PersonalDataCipher, PostgresDataKeyStore } from './cipher.js';

type Data = Record<string, unknown>;

/** Seals on append and opens on read; the rest of the port passes straight through (ForwardingEventStore). */
export class PersonalDataEventStore extends ForwardingEventStore {
  constructor(
    inner: EventStore,
    readonly cipher: PersonalDataCipher,
  ) {
    super(inner);
  }

  /** The event as it will be stored: its personal fields sealed (already sealed ones kept). */
  async sealed(event: NewEvent): Promise<NewEvent> {
    const rule = PERSONAL_FIELDS[event.type];
    if (!rule || event.data === null || typeof event.data !== 'object') return event;
    let data = event.data as Data;
    const person = data[rule.subject];
    if (typeof person !== 'string' || rule.notPersons?.includes(person)) return event;
    const scope = rule.scope === undefined ? undefined : data[rule.scope];
    const subject = typeof scope === 'string' ? scopedSubject(person, scope) : person;
    for (const field of rule.fields) {
      const clear = fieldValues(data, field).filter((value) => !isSealed(value));
      if (clear.length === 0) continue;
      const stored = new Map<string, string>();
      for (const value of clear) stored.set(value, await this.sealOrErased(subject, value));
      data = mapField(data, field, (value) => stored.get(value) ?? value) as Data;
    }
    return { ...event, data };
  }

  private async sealOrErased(subject: string, value: string): Promise<string> {
    try {
      return await this.cipher.seal(subject, value);
    } catch (error) {
      // Nothing new about an erased person is ever written in clear.
      if (!(error instanceof PersonErasedError)) throw error;
      return ERASED_VALUE;
    }
  }

  async opened(event: RecordedEvent): Promise<RecordedEvent> {
    if (!containsSealed(event.data)) return event;
    return { ...event, data: await this.cipher.openAll(event.data), storedData: event.data };
  }

  override async append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    return this.inner.append(streamId, await Promise.all(events.map((e) => this.sealed(e))), options);
  }

  /** One atomic append over several streams, each stream's events sealed as a single append's are. */
  override async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    const sealed = await Promise.all(appends.map(async (a) => ({ ...a, events: await Promise.all(a.events.map((e) => this.sealed(e))) })));
    return this.inner.appendToStreams(sealed);
  }

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return Promise.all((await this.inner.readStream(streamId, options)).map((e) => this.opened(e)));
  }

  override async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return Promise.all((await this.inner.readAll(options)).map((e) => this.opened(e)));
  }

  override async *subscribeToAll(options?: SubscribeOptions): AsyncIterable<RecordedEvent[]> {
    for await (const batch of this.inner.subscribeToAll(options)) yield await Promise.all(batch.map((e) => this.opened(e)));
  }
}

export const DATA_MASTER_KEY_SECRET_NAME = 'data-master-key';

/**
 * The store the app uses: `inner` behind the personal-data seal, the data keys in
 * `person_data_keys` wrapped by `DATA_MASTER_KEY` (or, unset, a per-installation master key kept
 * in the database: fine for development, not for production, where the master key must live
 * apart from the data; the start banner says which).
 */
export async function withPersonalData(inner: EventStore, deps: { db: Kysely<Database>; config: Pick<Config, 'DATA_MASTER_KEY'>; clock: { now(): Date } }): Promise<PersonalDataEventStore> {
  const master = deps.config.DATA_MASTER_KEY ? Buffer.from(deps.config.DATA_MASTER_KEY, 'base64') : await appSecret(deps.db, DATA_MASTER_KEY_SECRET_NAME, deps.clock.now());
  return new PersonalDataEventStore(inner, new PersonalDataCipher(new PostgresDataKeyStore(deps.db), new LocalMasterKey(master), deps.clock));
}

export function describePersonalData(config: Pick<Config, 'DATA_MASTER_KEY' | 'NODE_ENV'>): string {
  if (config.DATA_MASTER_KEY) return 'personal data sealed per person, data keys wrapped by DATA_MASTER_KEY';
  return `personal data sealed per person, data keys wrapped by a master key kept in the database (${config.NODE_ENV === 'production' ? 'refused in production' : 'DATA_MASTER_KEY is required in production'})`;
}
