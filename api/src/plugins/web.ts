import { existsSync } from 'node:fs';
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
/** index.html names the current hashes, so the browser revalidates it on every load. */
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

/** Every client-side route (a GET outside the server's prefixes) gets index.html. */
export const spaFallback: NotFoundFallback = (request, reply) => {
  const path = request.url.split('?')[0] ?? '/';
  if (request.method !== 'GET' || SERVER_PREFIXES.some((p) => path.startsWith(p))) return false;
  void reply.type('text/html').header('cache-control', REVALIDATE_CACHE).sendFile('index.html');
  return true;
};
