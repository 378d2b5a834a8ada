import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { knowSignedOutVisitor } from './features/auth';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import { PRERENDERED_ATTRIBUTE, PRERENDER_STALE_ATTRIBUTE } from './app/prerender/guard';
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

/**
 * Runs `render` once the browser has painted. The app's first render is one long task; when the
 * scripts arrive before the prerendered screen is painted (a busy CPU, a repeat visit from the
 * cache), it would hold that paint back until the app's own. A hidden tab paints nothing and
 * runs no animation frame, so it renders at once.
 */
function afterNextPaint(render: () => void): void {
  if (document.visibilityState !== 'visible') return render();
  requestAnimationFrame(() => setTimeout(render, 0));
}

const queryClient = createQueryClient();
knowSignedOutVisitor(queryClient);

function renderApp(): void {
  createRoot(root!).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

if (root.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)) afterNextPaint(renderApp);
else renderApp();
registerServiceWorker();
