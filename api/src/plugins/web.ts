import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../app-web/dist', import.meta.url));

/** Paths the single-page app never owns: they 404 as JSON instead of returning index.html. */
const SERVER_PREFIXES = ['/api/', '/ws', '/sandbox/', '/dev/'];

/** Serves the built web app at `/`, with index.html for every client-side route. */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST_DIR): Promise<boolean> {
  if (!existsSync(`${distDir}/index.html`)) return false;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || SERVER_PREFIXES.some((p) => path.startsWith(p))) {
      return reply.status(404).send({ error: `Route ${request.method} ${path} not found` });
    }
    return reply.type('text/html').sendFile('index.html');
  });
  return true;
}
