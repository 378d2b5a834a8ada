import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The player web app. `npm run build` writes `dist/`, which the API serves at `/` in `npm start`.
 * `npm run dev` proxies `/api`, `/sandbox` and `/dev` to an API on WEB_API_URL (default :4100).
 */
const apiUrl = process.env.WEB_API_URL ?? 'http://127.0.0.1:4100';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1200 },
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
