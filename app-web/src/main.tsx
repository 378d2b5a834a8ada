import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { knowSignedOutVisitor } from './features/auth/api/user-queries';
import { createQueryClient } from './lib/query-client';
import { PRERENDER_STALE_ATTRIBUTE } from './app/prerender/guard';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// /auth arrives with the auth screen prerendered in English for a signed-out visitor, inert
// (docs/web.md, "Prerendered /auth"). It is not hydrated: the client renders afresh and React's
// first commit replaces the markup, with the same screen for that visitor. When the guard in
// <head> found it wrong for this browser (a session, another language), it is hidden already
// and goes now, before React renders in the right language.
if (document.documentElement.hasAttribute(PRERENDER_STALE_ATTRIBUTE)) {
  root.replaceChildren();
  document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
}

const queryClient = createQueryClient();
knowSignedOutVisitor(queryClient);

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
