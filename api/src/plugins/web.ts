import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { NotFoundFallback } from './errors.js';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../app-web/dist', import.meta.url));

/** Paths the single-page app never owns: they 404 as JSON instead of returning index.html. */
const SERVER_PREFIXES = ['/api/', '/ws', '/sandbox/', '/dev/'];

export function webAppBuilt(distDir = WEB_DIST_DIR): boolean {
  return existsSync(`${distDir}/index.html`);
}

/** Serves the built web app's files at `/`. */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST_DIR): Promise<void> {
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
}

/** Every client-side route (a GET outside the server's prefixes) gets index.html. */
export const spaFallback: NotFoundFallback = (request, reply) => {
  const path = request.url.split('?')[0] ?? '/';
  if (request.method !== 'GET' || SERVER_PREFIXES.some((p) => path.startsWith(p))) return false;
  void reply.type('text/html').sendFile('index.html');
  return true;
};
