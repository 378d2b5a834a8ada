import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The player web app. `npm run build` writes `dist/`, which the API serves at `/` in `npm start`.
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
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: process.env.WEB_SOURCEMAP === '1' ? 'hidden' : false },
  server: {
    port: 5173,
    proxy: {
      '/api': apiUrl,
      '/sandbox': apiUrl,
      '/dev': apiUrl,
      '/ws': { target: apiUrl, ws: true },
    },
  },
});
