import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { PRERENDERED_ATTRIBUTE, PRERENDER_STALE_STYLE, prerenderGuardScript } from './app/prerender/guard';
import { routes } from './app/router';
import { paths } from './config/paths';
import { knowSignedOutVisitor } from './features/auth';
import { AUTH_TOKEN_KEY } from './lib/api-client';
import { i18n, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

/**
 * The build's second entry (`vite build --ssr`, vite.config.ts): renders /auth in Node as a
 * signed-out visitor in English sees it, so the page paints before its JavaScript has loaded.
 * The same routes and providers as `main.tsx`, through a static router; no data is fetched
 * (the visitor has no session) and no socket opens (effects do not run on the server).
 */
export async function renderAuthScreen(): Promise<string> {
  await i18n.changeLanguage('en');
  const queryClient = createQueryClient();
  knowSignedOutVisitor(queryClient, null);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(paths.auth.getHref(), 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerendering ${paths.auth.getHref()} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender (not renderToString) waits for every Suspense boundary and reports errors: a
  // component that throws here would otherwise leave a spinner in the page, silently.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${paths.auth.getHref()} failed: ${String(errors[0])}`);
  return Buffer.concat(chunks).toString('utf8');
}

const EMPTY_ROOT = '<div id="root"></div>';
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * dist/auth.html: the built index.html (its entry script and preloads as Vite wrote them) with
 * the auth screen inside #root (in an inert wrapper, see `PRERENDERED_ATTRIBUTE`) and, right
 * after `<meta charset>`, the guard that hides it from a browser whose app will show something
 * else (app/prerender/guard.ts), then the app's stylesheet inlined. A linked stylesheet is a second round trip before the first paint (and Vite links it
 * after the seven scripts, so over HTTP/1.1's six connections it also waited for one of them);
 * inline, the page paints from the document alone. The styles stay in `<head>` for the rest of
 * the session; the other routes' shell keeps the cached link. `readAsset` reads a built file by
 * its URL path.
 */
export async function prerenderAuthPage(shellHtml: string, readAsset: (urlPath: string) => string): Promise<string> {
  if (!shellHtml.includes(EMPTY_ROOT) || !CHARSET.test(shellHtml)) throw new Error(`index.html has no <meta charset> or no empty ${EMPTY_ROOT}`);
  const guard = prerenderGuardScript({ tokenKey: AUTH_TOKEN_KEY, languageKey: LANGUAGE_STORAGE_KEY, languages: SUPPORTED_LANGUAGES });
  const styles = [...shellHtml.matchAll(STYLESHEET)].map(([, href]) => inlineStyle(readAsset(href!)));
  const markup = await renderAuthScreen();
  return shellHtml
    .replace(STYLESHEET, '')
    .replace(CHARSET, (charset) => [charset, `<script>${guard}</script>`, `<style>${PRERENDER_STALE_STYLE}</style>`, ...styles].join('\n    '))
    .replace(/\n\s*\n/g, '\n')
    .replace(EMPTY_ROOT, () => `<div id="root"><div ${PRERENDERED_ATTRIBUTE} inert style="display:contents">${markup}</div></div>`);
}

function inlineStyle(css: string): string {
  if (/<\/style/i.test(css)) throw new Error('a stylesheet holding "</style" cannot be inlined');
  return `<style>${css.trim()}</style>`;
}
