/** What the Termii sandbox received, newest first, shared with the dev mailbox of the same app. */
export interface SandboxSms {
  readonly messageId: string;
  /** E.164. */
  readonly to: string;
  readonly from: string;
  readonly text: string;
  readonly channel: string;
  readonly receivedAt: Date;
}

export const SANDBOX_SMS_KEPT_MAX = 1000;

export interface SandboxSmsInbox {
  add(message: SandboxSms): void;
  list(options?: { to?: string; limit?: number }): SandboxSms[];
}

const inboxes = new WeakMap<object, SandboxSmsInbox>();

function createInbox(): SandboxSmsInbox {
  const messages: SandboxSms[] = [];
  return {
    add(message) {
      messages.unshift(message);
      if (messages.length > SANDBOX_SMS_KEPT_MAX) messages.length = SANDBOX_SMS_KEPT_MAX;
    },
    list(options = {}) {
      const chosen = options.to ? messages.filter((m) => m.to === options.to) : messages;
      return chosen.slice(0, options.limit ?? 50);
    },
  };
}

/** The inbox of one app (keyed by its deps object, which every plugin of the app shares). */
export function termiiSandboxInbox(owner: object): SandboxSmsInbox {
  let inbox = inboxes.get(owner);
  if (!inbox) inboxes.set(owner, (inbox = createInbox()));
  return inbox;
}
