import { v5 as uuidv5 } from 'uuid';

/** The namespace of every deterministic wallet event id (UUIDv5). Never change it. */
export const WALLET_ID_NAMESPACE = '6f1d8a4e-3c2b-5e7f-9a10-4b2c8d7e6f51';

/**
 * A deterministic event id: the same business step always gets the same id, so a retried
 * webhook, a resumed saga or a repeated request stores nothing twice.
 * Example: `deterministicId('paystack', reference, 'credit')`.
 */
export function deterministicId(...parts: string[]): string {
  return uuidv5(parts.join('\u001f'), WALLET_ID_NAMESPACE);
}
