import { useSyncExternalStore } from 'react';

/**
 * The Paystack reference of a checkout in progress, kept in localStorage so the page that
 * verifies it (after the checkout window closes, or on the callback page) can find it.
 */
export const PAYSTACK_REFERENCE_KEY = 'paystack_reference';
const REFERENCE_KEY = PAYSTACK_REFERENCE_KEY;
const AMOUNT_KEY = 'paystack_amount';
/** How the last checkout ended, written by the window that verified it, read by the window that opened it. */
export const PAYSTACK_OUTCOME_KEY = 'paystack_outcome';

export interface PaystackOutcome {
  readonly reference: string;
  readonly status: 'success' | 'failed';
  readonly amount: string | null;
  readonly reason: string | null;
}

const listeners = new Set<() => void>();
function changed(): void {
  for (const listener of listeners) listener();
}

export function storePaystackReference(reference: string, amount: string): void {
  window.localStorage.setItem(REFERENCE_KEY, reference);
  window.localStorage.setItem(AMOUNT_KEY, amount);
  changed();
}

export function storedPaystackReference(): { reference: string; amount: string | null } | null {
  const reference = window.localStorage.getItem(REFERENCE_KEY);
  return reference ? { reference, amount: window.localStorage.getItem(AMOUNT_KEY) } : null;
}

/** Clears the checkout in progress; with an outcome, first records how it ended (for the window that opened it). */
export function clearPaystackReference(outcome?: PaystackOutcome): void {
  if (outcome) window.localStorage.setItem(PAYSTACK_OUTCOME_KEY, JSON.stringify(outcome));
  window.localStorage.removeItem(REFERENCE_KEY);
  window.localStorage.removeItem(AMOUNT_KEY);
  changed();
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === REFERENCE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The recorded outcome of the checkout with this reference, if it has ended. */
export function paystackOutcome(reference: string | null): PaystackOutcome | null {
  if (!reference) return null;
  try {
    const outcome = JSON.parse(window.localStorage.getItem(PAYSTACK_OUTCOME_KEY) ?? 'null') as PaystackOutcome | null;
    return outcome && outcome.reference === reference ? outcome : null;
  } catch {
    return null;
  }
}

/**
 * A window the app opened for a checkout (it has an opener of this origin): once its payment is
 * verified it closes itself instead of becoming a second copy of the app.
 */
export function isCheckoutWindow(): boolean {
  try {
    return Boolean(window.opener && window.opener !== window && (window.opener as Window).location.origin === window.location.origin);
  } catch {
    return false;
  }
}

/**
 * The stored reference as React state: it follows this tab's writes and the checkout window's
 * (the `storage` event), so a screen stops offering "check my payment" once the payment is
 * settled elsewhere, whether or not the balance (which may arrive first, live) changed since.
 */
export function useStoredPaystackReference(): string | null {
  return useSyncExternalStore(subscribe, () => window.localStorage.getItem(REFERENCE_KEY), () => null);
}
