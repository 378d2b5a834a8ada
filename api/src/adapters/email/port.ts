/** One message as a transport sends it. */
export interface OutgoingEmail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The HTML alternative, when the mail has one. */
  readonly html?: string | null;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  readonly headers?: Readonly<Record<string, string>> | null;
}

/**
 * The Email port: delivers one message or throws. Implementations: the dev mailbox (the
 * default: the outbox row itself is the delivered mail) and SMTP (nodemailer, `SMTP_URL`).
 */
export interface EmailSender {
  readonly name: string;
  send(message: OutgoingEmail): Promise<void>;
}
