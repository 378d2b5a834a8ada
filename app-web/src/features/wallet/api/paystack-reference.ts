import { useSyncExternalStore } from 'react';

/**
 * The Paystack reference of a checkout in progress, kept in localStorage so the page that
 * verifies it (after the checkout window closes, or on the callback page) can find it.
 */
export const PAYSTACK_REFERENCE_KEY = 'paystack_reference';
const REFERENCE_KEY = PAYSTACK_REFERENCE_KEY;
const AMOUNT_KEY = 'paystack_amount';

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

export function clearPaystackReference(): void {
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

/**
 * The stored reference as React state: it follows this tab's writes and the checkout window's
 * (the `storage` event), so a screen stops offering "check my payment" once the payment is
 * settled elsewhere, whether or not the balance (which may arrive first, live) changed since.
 */
export function useStoredPaystackReference(): string | null {
  return useSyncExternalStore(subscribe, () => window.localStorage.getItem(REFERENCE_KEY), () => null);
}
