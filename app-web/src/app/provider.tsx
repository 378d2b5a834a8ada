import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/ui/toast';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

/** Everything a screen needs around it: i18n, react-query and the toaster. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Tooltip.Provider>
          {children}
          <Toaster />
        </Tooltip.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
