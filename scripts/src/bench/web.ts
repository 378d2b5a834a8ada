/**
 * `npm run bench -- web`: what a visitor's first load of `/auth` costs. Uses app-web/dist (built
 * first when missing, or with `--build`), starts the app as `npm start` does on a fresh
 * database, and loads /auth in Chromium (playwright-core, the e2e flags) with CDP network
 * emulation, each load in a fresh browser context (empty cache). Prints, per link profile, the
 * median of `--runs` loads: bytes of JavaScript and CSS as transferred (compressed, headers
 * included: CDP's encodedDataLength), all bytes, requests, first contentful paint; then a repeat
 * visit in the same context (what the cache headers save), the response headers of /auth's page
 * and the entry script, and whether a source map is reachable. Goals beside the figures.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { REPO_ROOT, startApp, type AppProcess } from './app-process.js';
import { openBenchDatabase } from './database.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
const DIST = join(REPO_ROOT, 'app-web/dist');
const GOAL_BYTES = 250_000;
const GOAL_FCP_MS = 1000;

/**
 * Chrome DevTools' throttling presets (front_end/core/sdk/NetworkManager.ts): "Fast 4G" is
 * 9 Mbit/s down, 1.5 Mbit/s up, 60 ms RTT, each scaled as DevTools does (×0.9 throughput,
 * ×2.75 latency) to stand for a real link; "Slow 4G" (formerly "Fast 3G"), 1.6 Mbit/s and 150 ms
 * scaled the same way (×0.9, ×3.75), is Lighthouse's mobile link.
 */
const PROFILES = {
  'fast-4g': { label: 'DevTools "Fast 4G" (9 Mbit/s ×0.9 down, 1.5 Mbit/s ×0.9 up, 165 ms latency)', latency: 165, down: (9_000_000 / 8) * 0.9, up: (1_500_000 / 8) * 0.9 },
  'slow-4g': { label: 'DevTools "Slow 4G" (1.6 Mbit/s ×0.9 down, 750 kbit/s ×0.9 up, 562.5 ms latency)', latency: 562.5, down: (1_600_000 / 8) * 0.9, up: (750_000 / 8) * 0.9 },
} as const;
type ProfileName = keyof typeof PROFILES;

interface Settings {
  readonly runs: number;
  readonly build: boolean;
  readonly profiles: readonly ProfileName[];
  readonly path: string;
}

interface Load {
  readonly scriptCssBytes: number;
  readonly allBytes: number;
  readonly requests: number;
  readonly fcpMs: number;
  readonly files: readonly { url: string; type: string; bytes: number; encoding: string }[];
}

function parseSettings(args: readonly string[]): Settings {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const profiles = (value('--profile') ?? 'fast-4g,slow-4g').split(',') as ProfileName[];
  for (const p of profiles) if (!(p in PROFILES)) throw new Error(`unknown --profile ${p} (${Object.keys(PROFILES).join(', ')})`);
  return { runs: Number(value('--runs') ?? 5), build: args.includes('--build'), profiles, path: value('--path') ?? '/auth' };
}

export async function runWebBench(args: readonly string[]): Promise<void> {
  const settings = parseSettings(args);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}`);
  if (settings.build || !existsSync(join(DIST, 'index.html'))) {
    console.log('Building app-web (npm run build --workspace app-web)…');
    execFileSync('npm', ['run', 'build', '--workspace', 'app-web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  const database = await openBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'wager-bench-data-'));
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  try {
    console.log(`Web benchmark: first load of ${settings.path} by a visitor, app-web/dist as built (${distSummary()})`);
    console.log(`Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
    // NODE_ENV=development: production refuses the sandboxes a bench has no real providers for; the
    // static files are served the same way, and the dist holds no source maps unless built with WEB_SOURCEMAP=1.
    app = await startApp({ role: 'both', env: { DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development' } });
    const origin = app.url!.replace('localhost', '127.0.0.1');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const name of settings.profiles) await measureProfile(browser, origin, settings, name);
    await printHeaders(origin);
  } finally {
    await browser?.close();
    await app?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nLoad average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

function distSummary(): string {
  const assets = readdirSync(join(DIST, 'assets'));
  const js = assets.filter((f) => f.endsWith('.js'));
  const maps = assets.filter((f) => f.endsWith('.map'));
  return `${js.length} JS chunks, ${assets.filter((f) => f.endsWith('.br')).length} .br and ${assets.filter((f) => f.endsWith('.gz')).length} .gz siblings, ${maps.length} .map files`;
}

async function measureProfile(browser: Browser, origin: string, settings: Settings, name: ProfileName): Promise<void> {
  const profile = PROFILES[name];
  const loads: Load[] = [];
  let repeat: Load | undefined;
  for (let i = 0; i < settings.runs; i++) {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    try {
      loads.push(await load(context, origin + settings.path, profile));
      if (i === 0) repeat = await load(context, origin + settings.path, profile);
    } finally {
      await context.close();
    }
  }
  const med = (pick: (l: Load) => number) => median(loads.map(pick));
  const bytes = med((l) => l.scriptCssBytes);
  const fcp = med((l) => l.fcpMs);
  console.log(`\n${name}: ${profile.label}, median of ${settings.runs} first loads (fresh context, empty cache)`);
  console.log(`  JS + CSS transferred   ${fmt(bytes)} bytes   goal ≤ ${fmt(GOAL_BYTES)}   ${bytes <= GOAL_BYTES ? 'met' : 'NOT met'}`);
  console.log(`  all bytes transferred  ${fmt(med((l) => l.allBytes))} bytes`);
  console.log(`  requests               ${med((l) => l.requests)}`);
  console.log(`  first contentful paint ${fmt(fcp)} ms (runs: ${loads.map((l) => fmt(l.fcpMs)).join(', ')})   goal < ${fmt(GOAL_FCP_MS)} ms   ${fcp < GOAL_FCP_MS ? 'met' : 'NOT met'}`);
  if (repeat) console.log(`  repeat visit (same context): ${fmt(repeat.allBytes)} bytes over ${repeat.requests} requests, FCP ${fmt(repeat.fcpMs)} ms`);
  console.log('  files of the first load:');
  for (const f of loads[0]!.files) console.log(`    ${f.type.padEnd(10)} ${fmt(f.bytes).padStart(9)} B  ${(f.encoding || 'identity').padEnd(8)} ${f.url.replace(origin, '')}`);
}

/** One load of `url` with the link emulated; bytes are counted from CDP's loadingFinished. */
async function load(context: BrowserContext, url: string, profile: (typeof PROFILES)[ProfileName]): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: profile.latency, downloadThroughput: profile.down, uploadThroughput: profile.up });
  const seen = new Map<string, { url: string; type: string; encoding: string }>();
  const files: { url: string; type: string; bytes: number; encoding: string }[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.set(e.requestId, { url: e.response.url, type: e.type ?? 'Other', encoding: headers['content-encoding'] ?? '' });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) files.push({ ...r, bytes: e.encodedDataLength });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // The script runs in the page; FCP is recorded once the first text or image is painted.
  const fcp = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 30_000 });
  const fcpMs = Number(await fcp.jsonValue());
  await page.close();
  const scriptCss = files.filter((f) => f.type === 'Script' || f.type === 'Stylesheet');
  return { scriptCssBytes: sum(scriptCss.map((f) => f.bytes)), allBytes: sum(files.map((f) => f.bytes)), requests: files.length, fcpMs, files };
}

/** The cache and compression headers as served, and whether any source map can be fetched. */
async function printHeaders(origin: string): Promise<void> {
  const html = await fetch(`${origin}/auth`, { headers: { 'accept-encoding': 'br, gzip' } });
  const body = await html.text();
  const entry = /<script[^>]+src="([^"]+\.js)"/.exec(body)?.[1];
  console.log('\nHeaders as served');
  const document = body.includes('data-prerendered') ? 'auth.html, prerendered' : 'index.html';
  console.log(`  /auth (${document})     cache-control: ${html.headers.get('cache-control')}; content-encoding: ${html.headers.get('content-encoding') ?? 'none'}`);
  if (entry) {
    const js = await fetch(origin + entry, { headers: { 'accept-encoding': 'br, gzip' } });
    const text = await js.text();
    console.log(`  ${entry}  cache-control: ${js.headers.get('cache-control')}; content-encoding: ${js.headers.get('content-encoding')}`);
    const mapUrl = /\/\/# sourceMappingURL=(\S+)/.exec(text)?.[1];
    console.log(`  sourceMappingURL in the entry script: ${mapUrl ?? 'none'}`);
  }
  const maps = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `/assets/${f}.map`);
  const reachable: string[] = [];
  for (const m of maps) if ((await fetch(origin + m)).status === 200) reachable.push(m);
  console.log(`  source maps reachable: ${reachable.length} of ${maps.length} tried (every chunk's name + .map)   goal 0   ${reachable.length === 0 ? 'met' : 'NOT met'}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
