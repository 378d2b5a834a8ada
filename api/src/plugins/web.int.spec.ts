import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.js';
import { IMMUTABLE_CACHE, PRERENDERED_AUTH_FILE, registerWebApp, REVALIDATE_CACHE, spaFallback } from './web.js';

/** A built app as `npm run build --workspace app-web` lays it out: hashed assets with their .br/.gz siblings. */
const SCRIPT = `console.log(${JSON.stringify('wager '.repeat(500))});`;
const SHELL = '<!doctype html><script type="module" src="/assets/index-Ab12Cd34.js"></script><div id="root"></div>';
/** What `vite build --ssr src/prerender.tsx` writes: the shell with the auth screen inside #root (over 1 KB, so compressed too). */
const AUTH_PAGE = `<!doctype html><script type="module" src="/assets/index-Ab12Cd34.js"></script><div id="root"><h1>Welcome to Wager</h1><div role="tablist"><button role="tab">Quick Start</button><button role="tab">Sign In</button></div>${'<p>claims</p>'.repeat(100)}</div>`;
/** The service worker as vite.config.ts writes it: unhashed, at the root. */
const SERVICE_WORKER = `self.addEventListener('push', () => undefined);${' '.repeat(2000)}`;
let dist: string;
let shellOnlyDist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, PRERENDERED_AUTH_FILE), AUTH_PAGE);
  writeFileSync(join(dist, `${PRERENDERED_AUTH_FILE}.br`), brotliCompressSync(AUTH_PAGE));
  writeFileSync(join(dist, `${PRERENDERED_AUTH_FILE}.gz`), gzipSync(AUTH_PAGE));
  writeFileSync(join(dist, 'assets/index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(join(dist, 'sw.js'), SERVICE_WORKER);
  writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(SERVICE_WORKER));
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Wager","start_url":"/","display":"standalone"}');
  shellOnlyDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(shellOnlyDist, 'index.html'), SHELL);
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(shellOnlyDist, { recursive: true, force: true });
});

async function webApp(production: boolean, distDir = dist): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app, { notFoundFallback: spaFallback(distDir) });
  await registerWebApp(app, distDir, production);
  return app;
}

describe('the built web app, as served in production', () => {
  it('given a browser accepting brotli, a hashed asset comes brotli-compressed with a year-long immutable cache', async () => {
    const app = await webApp(true);
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('given a client accepting only gzip, the gzip sibling; given none, the plain file, both long-cached', async () => {
    const app = await webApp(true);
    const gz = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('the page at / and at any client-side route names the entry script and is revalidated on every load (no-cache)', async () => {
    const app = await webApp(true);
    for (const url of ['/', '/auth', '/matches/123']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/index-Ab12Cd34.js');
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
    }
  });

  it('/auth is the prerendered auth screen, brotli-compressed and revalidated; other routes and the other auth views get the empty shell', async () => {
    const app = await webApp(true);
    for (const url of ['/auth', '/auth?redirect=%2Fmatches', '/auth/']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(AUTH_PAGE);
    }
    for (const url of ['/', '/matches/123', '/dashboard', '/auth-legacy', '/auth?view=login', '/auth?view=signup', '/auth?resetToken=abc', '/authx']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('a build without the prerendered page serves the shell at /auth too', async () => {
    const app = await webApp(true, shellOnlyDist);
    const res = await app.inject({ url: '/auth' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
  });

  it('the service worker is served from the root (scope: the whole app) as JavaScript and revalidated on every load, never long-cached; the manifest as a web app manifest', async () => {
    const app = await webApp(true);
    const worker = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe(SERVICE_WORKER);
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe(REVALIDATE_CACHE);
  });

  it('a source map is 404 under NODE_ENV=production, and served outside it (development)', async () => {
    const production = await webApp(true);
    const hidden = await production.inject({ url: '/assets/index-Ab12Cd34.js.map' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('secret.ts');
    const development = await webApp(false);
    const shown = await development.inject({ url: '/assets/index-Ab12Cd34.js.map' });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('secret.ts');
  });
});
