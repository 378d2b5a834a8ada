import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useUser } from '../../auth/api/user-queries';
import { storedPaystackReference } from '../api/paystack-reference';
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
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!user) return;
    const params = new URLSearchParams(location.search);
    const reference = params.get('reference') ?? params.get('trxref');
    const isReturnPath = location.pathname.includes('/wallet') || location.pathname.includes('/deposit');
    if (!reference || !isReturnPath || handled.current === reference) return;
    handled.current = reference;
    void verify(reference).then(() => navigate(location.pathname, { replace: true }));
  }, [user, location.pathname, location.search, verify, navigate]);

  useEffect(() => {
    if (!user) return undefined;
    const onFocus = () => {
      const stored = storedPaystackReference();
      if (stored && handled.current !== stored.reference) void verify(stored.reference, { quietWhilePending: true });
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [user, verify]);

  return null;
}
