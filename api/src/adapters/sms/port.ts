/** One text message as a transport sends it. */
export interface OutgoingSms {
  /** Our id of the message (the outbox row's). */
  readonly id: string;
  /** E.164, e.g. `+2348031234567`. */
  readonly to: string;
  readonly text: string;
}

/** A provider accepted the message: its own id of it. */
export interface SentSms {
  readonly providerMessageId: string;
}

/**
 * The SMS port: hands one message to the provider or throws. One implementation, Termii
 * (termii.ts), pointed at Termii itself or at the Termii sandbox the app mounts.
 */
export interface SmsSender {
  readonly name: string;
  send(message: OutgoingSms): Promise<SentSms>;
}

/** The provider refused the message or could not be reached; `retryable` says whether trying again may help. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
