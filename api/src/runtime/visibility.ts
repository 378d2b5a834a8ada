import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';
import type { AppDeps } from '../deps.js';
import type { ContextMessage, ContextReply } from '@wager/domain/contracts/ws';

export interface Viewer {
  readonly userId: string;
  readonly isAdmin: boolean;
}

/** A user comes to see a stream (the opponent of an accepted bet sees the bet and its chat). */
export interface StreamGrant {
  readonly userId: string;
  readonly streamId: string;
}

/** An event as the /ws gateway receives it from the bus. */
export interface LiveEvent {
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
}

/**
 * Who hears of a context's streams over /ws (docs/web.md, "Live updates"). Visibility is decided per
 * socket without a database query per event: when a socket authenticates, each context names the
 * streams its user may see (one query per context); afterwards the events that change who may see
 * what (`grants`, pure) keep that set current. Admins hear of everything.
 */
export interface LiveRules {
  /** Stream types owned by one user, `<type>-<userId>` (a wallet, an account): the owner hears them. */
  readonly ownStreamTypes?: readonly string[];
  /** The streams of this context the user may hear of now. */
  readonly streamsOf?: (db: Kysely<Database>, userId: string) => Promise<string[]>;
  /** Who comes to see which stream through this event. */
  readonly grants?: (event: LiveEvent) => StreamGrant[];
  /**
   * Read models an event changes beyond its own stream, named like streams (`moderation-queue`):
   * a socket hears `changed` for such a topic when its visible set holds it (given by `streamsOf`
   * or `grants`, like a stream) or its user is an admin. How a screen shared by a role (the
   * moderators' queue) follows events of streams its readers may not see.
   */
  readonly topics?: (event: LiveEvent) => string[];
  /**
   * Per-connection subscriptions a socket may ask for (`join_chat`, `join_match`): each answers
   * the stream id the viewer may follow, or null (then the socket is told "not found").
   */
  readonly subscriptions?: Readonly<Record<string, (db: Kysely<Database>, viewer: Viewer, id: string) => Promise<string | null>>>;
  /**
   * Changes every signed-in socket hears (the change message only, never data): what a public
   * screen lists, such as the marketplace's open challenges. `warmUp` loads, once at start, what
   * the rule needs to recognise them.
   */
  readonly broadcasts?: { readonly warmUp: (db: Kysely<Database>) => Promise<void>; readonly includes: (event: LiveEvent) => boolean };
  /**
   * Messages a signed-in client may send beyond auth, ping and the subscriptions (`chat_message`),
   * by type: each gets the frame as the /ws contract parsed it (`@wager/domain/contracts/ws`) and
   * answers what the socket is sent back, or nothing. A typed refusal it throws is sent as
   * `{type:'error', error, code}`.
   */
  readonly inbound?: { readonly [T in ContextMessage['type']]?: (deps: AppDeps, viewer: Viewer, message: Extract<ContextMessage, { type: T }>) => Promise<LiveReply | void> };
  /**
   * The data-carrying message (`new_message`) an event makes for the sockets that joined its
   * stream, or null. Called once per event (never per socket), after the read models committed
   * it, and only when some socket joined the stream, so it may read them.
   */
  readonly outbound?: (db: Kysely<Database>, event: LiveEvent) => Promise<LiveReply | null>;
}

/** A data-carrying message a context sends a socket (`new_message`, `match_update`), as the /ws contract describes it. */
export type LiveReply = ContextReply;

/** Whether an event is one every signed-in socket hears. */
export function isBroadcast(rules: readonly LiveRules[], event: LiveEvent): boolean {
  return rules.some((rule) => rule.broadcasts?.includes(event) ?? false);
}

/** The streams a viewer may hear of when their socket authenticates. */
export async function initialStreams(db: Kysely<Database>, rules: readonly LiveRules[], viewer: Viewer): Promise<Set<string>> {
  const visible = new Set<string>();
  for (const rule of rules) {
    for (const type of rule.ownStreamTypes ?? []) visible.add(`${type}-${viewer.userId}`);
    if (rule.streamsOf) for (const streamId of await rule.streamsOf(db, viewer.userId)) visible.add(streamId);
  }
  return visible;
}

/** Every topic an event changes, across the contexts. */
export function topicsOf(rules: readonly LiveRules[], event: LiveEvent): string[] {
  return [...new Set(rules.flatMap((rule) => rule.topics?.(event) ?? []))];
}

/** Every grant an event makes, across the contexts. */
export function grantsOf(rules: readonly LiveRules[], event: LiveEvent): StreamGrant[] {
  return rules.flatMap((rule) => rule.grants?.(event) ?? []);
}
