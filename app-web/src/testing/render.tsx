import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import type { LiveUpdatesConfig } from '../app/live-updates/live-updates-provider';

/**
 * Renders a screen inside the app's providers and a memory router at `path`. The live-updates
 * socket is left out unless `liveUpdates` hands in a (fake) socket factory.
 */
export function renderWithApp(ui: ReactNode, options: { path?: string; routes?: { path: string; element: ReactNode }[]; liveUpdates?: LiveUpdatesConfig | false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }, ...(options.routes ?? [])], { initialEntries: [options.path ?? '/'] });
  const result = render(
    <AppProvider queryClient={queryClient} liveUpdates={options.liveUpdates ?? false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, queryClient, router };
}

/** A fetch stand-in answering by "METHOD path", recording every request it gets. */
export function fakeFetch(routes: Record<string, (body: unknown) => { status?: number; body: unknown }>) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = routes[`${method} ${url.split('?')[0]}`];
    if (!handler) return new Response(JSON.stringify({ error: `no route ${method} ${url}` }), { status: 404, headers: { 'content-type': 'application/json' } });
    const answer = handler(body);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetchFn, calls };
}
