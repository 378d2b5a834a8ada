import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { NotFoundFallback } from './errors.js';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../app-web/dist', import.meta.url));

/**
 * Paths the single-page app never owns: they 404 as JSON instead of returning index.html. A
 * missing `/assets/` file (a stale chunk, a withheld source map) is a 404 too, not HTML.
 */
const SERVER_PREFIXES = ['/api/', '/ws', '/sandbox/', '/dev/', '/assets/'];

export function webAppBuilt(distDir = WEB_DIST_DIR): boolean {
  return existsSync(`${distDir}/index.html`);
}

/** Hashed build output (`/assets/<name>-<hash>.<ext>`): its content never changes under its name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * index.html names the current hashes, so the browser revalidates it on every load; so is every
 * other unhashed file, `/sw.js` above all: a long-cached service worker would keep an old one
 * (and its shell) in charge long after a release.
 */
export const REVALIDATE_CACHE = 'no-cache';

function cacheControlFor(filePath: string): string {
  return /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built web app's files at `/`: the brotli/gzip siblings written at build time
 * (`preCompressed`, app-web/vite.config.ts) to clients that accept them, hashed assets with a
 * year-long immutable cache, everything else revalidated, and no source map in production.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST_DIR, production = process.env.NODE_ENV === 'production'): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(filePath)),
    globIgnore: production ? ['**/*.map'] : [],
    allowedPath: (pathName) => !(production && pathName.endsWith('.map')),
  });
}

/**
 * The auth screen prerendered at build time (app-web `vite build --ssr`, src/prerender.tsx): the
 * page /auth's visitors paint before the JavaScript runs. It shows the default view, so a link
 * to another view (`?view=login`, `?view=signup`, a reset link's `?resetToken=`) gets the plain
 * shell instead, as every other route does: no route ever paints a screen it does not show.
 */
export const PRERENDERED_AUTH_FILE = 'auth.html';
const AUTH_PATHS = new Set(['/auth', '/auth/']);

function showsPrerenderedAuth(url: string): boolean {
  const [path = '/', query = ''] = url.split('?', 2);
  if (!AUTH_PATHS.has(path)) return false;
  const params = new URLSearchParams(query);
  const view = params.get('view');
  return !params.has('resetToken') && view !== 'login' && view !== 'signup';
}

/**
 * Every client-side route (a GET outside the server's prefixes) gets index.html, the empty shell
 * the app renders into; /auth gets the prerendered auth screen when the build made one.
 */
export function spaFallback(distDir = WEB_DIST_DIR): NotFoundFallback {
  const prerenderedAuth = existsSync(join(distDir, PRERENDERED_AUTH_FILE));
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || SERVER_PREFIXES.some((p) => path.startsWith(p))) return false;
    const file = prerenderedAuth && showsPrerenderedAuth(request.url) ? PRERENDERED_AUTH_FILE : 'index.html';
    void reply.type('text/html').header('cache-control', REVALIDATE_CACHE).sendFile(file);
    return true;
  };
}
