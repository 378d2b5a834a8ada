import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/ui/toast';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { LiveUpdatesProvider, type LiveUpdatesConfig } from './live-updates/live-updates-provider';

/**
 * Everything a screen needs around it: i18n, react-query, the live updates (docs/web.md, "Live updates")
 * and the toaster. `liveUpdates={false}` leaves the socket out (component tests).
 */
export function AppProvider({ children, queryClient, liveUpdates = {} }: { children: ReactNode; queryClient?: QueryClient; liveUpdates?: LiveUpdatesConfig | false }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
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
