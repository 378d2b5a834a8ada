import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useUser } from '../../auth';
import { PAYSTACK_REFERENCE_KEY, isCheckoutWindow, storedPaystackReference } from '../api/paystack-reference';
import { useRefreshBalances } from '../api/wallet-queries';
import { usePaystackVerification } from '../api/use-paystack-verification';

/**
 * Paystack return handling (spec sections 2 and 4). The checkout's callback lands on a page
 * with `?reference=` (or `trxref`): that reference is verified once and dropped from the URL.
 * When the player comes back to this tab from the checkout window, the stored reference is
 * verified too.
 */
export function PaystackReturnHandler() {
  const { data: user } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const { verify } = usePaystackVerification();
  const refresh = useRefreshBalances();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!user) return;
    const params = new URLSearchParams(location.search);
    const reference = params.get('reference') ?? params.get('trxref');
    const isReturnPath = location.pathname.includes('/wallet') || location.pathname.includes('/deposit');
    if (!reference || !isReturnPath || handled.current === reference) return;
    handled.current = reference;
    void verify(reference).then((result) => {
      // The checkout window the deposit form opened: its work is done, and the first window
      // shows the outcome (the storage event), so it closes rather than stay a second app.
      if ((result === 'success' || result === 'failed') && isCheckoutWindow()) {
        window.close();
        return;
      }
      void navigate(location.pathname, { replace: true });
    });
  }, [user, location.pathname, location.search, verify, navigate]);

  useEffect(() => {
    if (!user) return undefined;
    const onFocus = () => {
      const stored = storedPaystackReference();
      if (stored && handled.current !== stored.reference) void verify(stored.reference, { quietWhilePending: true });
    };
    // The checkout window verifies on its callback page and clears the stored reference: this
    // window hears of it through the storage event and refreshes its balances.
    const onStorage = (event: StorageEvent) => {
      if (event.key === PAYSTACK_REFERENCE_KEY && event.newValue === null) void refresh();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('storage', onStorage);
    };
  }, [user, verify, refresh]);

  return null;
}
