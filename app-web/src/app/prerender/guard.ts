/**
 * The wrapper of the prerendered markup inside #root. It is `inert`: the page is a picture of the
 * auth screen until the app replaces it (a click there would do nothing), and a test waits for
 * the wrapper to go to know the app has taken over.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Set on `<html>` by the guard when the prerendered auth screen is not what this browser's app
 * will show; `main.tsx` then drops the markup before rendering, and until then it is hidden.
 */
export const PRERENDER_STALE_ATTRIBUTE = 'data-prerender-stale';

/** What the guard must know of the app: where the session and the language choice are kept. */
export interface GuardSettings {
  readonly tokenKey: string;
  readonly languageKey: string;
  readonly languages: readonly string[];
}

/**
 * The inline script placed first in the prerendered page's `<head>`: it runs before anything is
 * painted and marks the prerender stale when the visitor has a session (the app will send them
 * on, not show the sign-in), or when their language is not English. The language is chosen as
 * i18next's detector does in `lib/i18n.ts`: the stored choice, then the browser's languages in
 * order, the first of the supported ones (language part only), English otherwise. Any failure
 * (storage disabled) marks it stale too: the app then paints as it did before the prerender.
 */
export function prerenderGuardScript(settings: GuardSettings): string {
  const json = JSON.stringify;
  return [
    '(function(){var d=document.documentElement;try{var s=window.localStorage,n=window.navigator;',
    `var c=[s.getItem(${json(settings.languageKey)})].concat(n.languages||[],[n.language]),l="en";`,
    `for(var i=0;i<c.length;i++){var p=String(c[i]||"").split("-")[0].toLowerCase();if(${json(settings.languages)}.indexOf(p)>=0){l=p;break}}`,
    `if(s.getItem(${json(settings.tokenKey)})||l!=="en")d.setAttribute(${json(PRERENDER_STALE_ATTRIBUTE)},"")`,
    `}catch(e){d.setAttribute(${json(PRERENDER_STALE_ATTRIBUTE)},"")}})();`,
  ].join('');
}

/** Hides a stale prerender from the first paint (the guard runs before `<body>` exists). */
export const PRERENDER_STALE_STYLE = `html[${PRERENDER_STALE_ATTRIBUTE}] #root{display:none}`;
