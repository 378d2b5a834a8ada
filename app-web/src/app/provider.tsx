import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/ui/toast';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { setDisplayTimeZone } from '../lib/date-time';
import { userQueries } from '../features/auth';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { LiveUpdatesProvider, type LiveUpdatesConfig } from './live-updates/live-updates-provider';

/**
 * Everything a screen needs around it: i18n, react-query, the live updates (docs/web.md, "Live updates")
 * and the toaster. `liveUpdates={false}` leaves the socket out (component tests).
 */
export function AppProvider({ children, queryClient, liveUpdates = {} }: { children: ReactNode; queryClient?: QueryClient; liveUpdates?: LiveUpdatesConfig | false }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useProfileTimeZone(client);
  const content = (
    <Tooltip.Provider>
      {children}
      <Toaster />
    </Tooltip.Provider>
  );
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{liveUpdates === false ? content : <LiveUpdatesProvider config={liveUpdates}>{content}</LiveUpdatesProvider>}</QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * Dates show in the signed-in player's profile zone (`lib/date-time.ts`): the zone follows the
 * cached `/api/user` (sign-in, a profile change, sign-out) without a read of its own. Screens read
 * the user before they render its dates (the protected routes wait for it), so none renders in
 * the browser's zone first.
 */
function useProfileTimeZone(client: QueryClient): void {
  useEffect(() => {
    const key = JSON.stringify(userQueries.all());
    let zone: string | null | undefined;
    const sync = () => {
      const next = client.getQueryData<User | null>(userQueries.all())?.timezone ?? null;
      if (next === zone) return;
      zone = next;
      setDisplayTimeZone(next);
    };
    sync();
    return client.getQueryCache().subscribe((event) => {
      if (JSON.stringify(event.query.queryKey) === key) sync();
    });
  }, [client]);
}
