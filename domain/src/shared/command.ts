/**
 * The one command shape of every context (docs/conventions.md): what is asked in `data`, and when,
 * by whom and in answer to what in `metadata`. Deciders read the time from here: no clock in
 * `domain`.
 */
export interface CommandMetadata {
  /** When the command was sent; the decider's only notion of time. */
  readonly now: Date;
  /** Who sent it: a user id, 'system', 'admin:<id>', a provider name. Set by the pipeline when absent. */
  readonly actor?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
}

export interface Command<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: CommandMetadata;
}
