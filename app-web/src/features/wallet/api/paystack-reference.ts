/**
 * The Paystack reference of a checkout in progress, kept in localStorage so the page that
 * verifies it (after the checkout window closes, or on the callback page) can find it.
 */
export const PAYSTACK_REFERENCE_KEY = 'paystack_reference';
const REFERENCE_KEY = PAYSTACK_REFERENCE_KEY;
const AMOUNT_KEY = 'paystack_amount';

export function storePaystackReference(reference: string, amount: string): void {
  window.localStorage.setItem(REFERENCE_KEY, reference);
  window.localStorage.setItem(AMOUNT_KEY, amount);
}

export function storedPaystackReference(): { reference: string; amount: string | null } | null {
  const reference = window.localStorage.getItem(REFERENCE_KEY);
  return reference ? { reference, amount: window.localStorage.getItem(AMOUNT_KEY) } : null;
}

export function clearPaystackReference(): void {
  window.localStorage.removeItem(REFERENCE_KEY);
  window.localStorage.removeItem(AMOUNT_KEY);
}
