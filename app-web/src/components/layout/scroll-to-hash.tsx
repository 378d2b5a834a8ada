import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a hash target (a panel still loading) is waited for. */
const HASH_WAIT_MS = 3000;
const HASH_POLL_MS = 100;

/**
 * Client-side links with a hash (`/dashboard#leaderboard`, `/help#disputes`) scroll to their
 * target once it is rendered; the router itself does not.
 */
export function ScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return undefined;
    const id = decodeURIComponent(hash.slice(1));
    const started = Date.now();
    const timer = setInterval(() => {
      const target = document.getElementById(id);
      if (target || Date.now() - started > HASH_WAIT_MS) clearInterval(timer);
      target?.scrollIntoView({ block: 'start' });
    }, HASH_POLL_MS);
    return () => clearInterval(timer);
  }, [hash, pathname]);
  return null;
}
