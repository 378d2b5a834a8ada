import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/**
 * The player web app. `npm run build` writes `dist/`, which the API serves at `/` in `npm start`:
 * first the client build, then `vite build --ssr src/prerender.tsx`, which renders the auth
 * screen into `dist/auth.html` (served for /auth, api/src/plugins/web.ts; docs/web.md).
 * `npm run dev` proxies `/api`, `/sandbox` and `/dev` to an API on WEB_API_URL (default :4100).
 * Source maps are not built unless WEB_SOURCEMAP=1, and then "hidden" (no sourceMappingURL in
 * the bundles); the API never serves `*.map` under NODE_ENV=production (docs/web.md).
 */
const apiUrl = process.env.WEB_API_URL ?? 'http://127.0.0.1:4100';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` beside every text file of `dist/`
 * once, at build time; `@fastify/static` serves them (`preCompressed`) to clients that accept
 * them, so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wager-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle() {
      for (const file of listFiles(outDir)) if (COMPRESSIBLE.test(file)) compressBeside(file);
    },
  };
}

/** Writes the `.br` and `.gz` siblings of one file (see `precompress`). */
function compressBeside(file: string): void {
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) return;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}

/** Where the prerender's server bundle goes; it is run once, then removed. */
const PRERENDER_OUT_DIR = 'dist-prerender';
const PRERENDER_ENTRY = 'src/prerender.tsx';

/**
 * The SSR build's last step: imports the bundle just written, renders the auth screen into the
 * client build's index.html, writes `dist/auth.html` with its compressed siblings, and removes
 * the bundle (nothing of it is served).
 */
function prerenderAuth(): Plugin {
  let root = '.';
  return {
    name: 'wager-prerender-auth',
    apply: 'build',
    configResolved: (config) => void (root = config.root),
    async closeBundle() {
      const outDir = resolve(root, PRERENDER_OUT_DIR);
      try {
        const bundle = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as typeof import('./src/prerender');
        const dist = resolve(root, 'dist');
        const page = await bundle.prerenderAuthPage(readFileSync(join(dist, 'index.html'), 'utf8'), (urlPath) => readFileSync(join(dist, urlPath), 'utf8'));
        const target = join(dist, 'auth.html');
        writeFileSync(target, page);
        compressBeside(target);
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}

/** The service worker's entry and where it is served: the site's root, so its scope is the whole app. */
const SERVICE_WORKER_ENTRY = 'src/service-worker/sw.ts';
const SERVICE_WORKER_FILE = 'sw.js';
const SHELL_MANIFEST_PLACEHOLDER = /(["'`])__WAGER_SHELL_MANIFEST__\1/;

/**
 * Writes the app shell's list into the built service worker: the scripts, styles and icons
 * index.html names, and a version (a hash of those hashed names) that names its cache. Runs at
 * writeBundle, before `precompress` compresses `sw.js` at closeBundle.
 */
function serviceWorkerShell(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wager-service-worker-shell',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    writeBundle() {
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      const urls = [...new Set([...html.matchAll(/(?:src|href)="(\/(?:assets|icons)\/[^"]+)"/g)].map((m) => m[1]!))].sort();
      const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 16);
      const target = join(outDir, SERVICE_WORKER_FILE);
      const code = readFileSync(target, 'utf8');
      if (!SHELL_MANIFEST_PLACEHOLDER.test(code)) throw new Error(`${SERVICE_WORKER_FILE}: no shell manifest placeholder`);
      writeFileSync(target, code.replace(SHELL_MANIFEST_PLACEHOLDER, JSON.stringify(JSON.stringify({ version, urls }))));
    },
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const server = {
  port: 5173,
  proxy: {
    '/api': apiUrl,
    '/sandbox': apiUrl,
    '/dev': apiUrl,
    '/ws': { target: apiUrl, ws: true },
  },
};

/**
 * The client build (and `npm run dev`): the app from index.html, and the service worker as a
 * second entry written to `dist/sw.js` (unhashed: the browser finds it by name and revalidates it;
 * api/src/plugins/web.ts serves it with `no-cache`).
 */
const clientConfig = {
  plugins: [react(), serviceWorkerShell(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.WEB_SOURCEMAP === '1' ? 'hidden' : false,
    rollupOptions: {
      input: { index: resolve(import.meta.dirname, 'index.html'), sw: resolve(import.meta.dirname, SERVICE_WORKER_ENTRY) },
      output: { entryFileNames: (chunk: { name: string }) => (chunk.name === 'sw' ? SERVICE_WORKER_FILE : 'assets/[name]-[hash].js') },
    },
  },
  server,
} satisfies UserConfig;

/** `vite build --ssr`: the prerender's bundle, self-contained (the workspace's TypeScript included) so Node can run it. */
const prerenderConfig = {
  plugins: [react(), prerenderAuth()],
  build: { ssr: PRERENDER_ENTRY, outDir: PRERENDER_OUT_DIR, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
  ssr: { noExternal: true },
} satisfies UserConfig;

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? prerenderConfig : clientConfig));
