// `npm run screenshots [-- --pages home,article] [--widths 375,1280] [--schemes light,dark]`:
// builds the site into a temp folder with the real CLI, serves it with `heartnotes preview` on
// 127.0.0.1 and a free port, and saves a full-page PNG of one page of each type at each width and
// colour scheme into tests/.tmp/screenshots/page-types/ ({type}-{width}-{scheme}.png; a page that
// shows the consent banner also gets its first screen, banner included, as …-first-visit.png), for
// a person to look at. Not a test: it asserts nothing and exits non-zero only when the build,
// the server or a page fails to load.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { requireTestPackage } from './test-package.mjs';
import { PAGE_TYPES as PAGES } from './page-types.mjs';

// playwright-core is a test package (tests/package.json), installed by the test set-up.
const { chromium } = requireTestPackage('playwright-core');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'bin', 'heartnotes.mjs');
const outFolder = join(root, 'tests', '.tmp', 'screenshots', 'page-types');

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  // An unreachable proxy stops Chromium calling home; loopback (the preview server) bypasses it.
  '--proxy-server=http://127.0.0.1:9',
];
/** templates/lib/consent.ts */
const CONSENT_KEY = 'heartnotes-consent-v1';
const TIMEOUT = { buildMs: 180_000, previewMs: 60_000, pageMs: 60_000 };

const USAGE = `usage: npm run screenshots -- [--pages TYPES] [--widths 375,1280] [--schemes light,dark]
  --pages    page types, comma-separated (default: all): ${PAGES.map((p) => p.type).join(', ')}
  --widths   viewport widths in px (default: 375,1280)
  --schemes  colour schemes (default: light,dark)
Saves full-page PNGs into tests/.tmp/screenshots/page-types/.`;

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      pages: { type: 'string' },
      widths: { type: 'string', default: '375,1280' },
      schemes: { type: 'string', default: 'light,dark' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const wanted = options.pages?.split(',').map((s) => s.trim());
const pages = wanted ? PAGES.filter((p) => wanted.includes(p.type)) : PAGES;
if (wanted && pages.length !== wanted.length) {
  console.error(`Unknown page type; the types are: ${PAGES.map((p) => p.type).join(', ')}`);
  process.exit(2);
}
const widths = options.widths.split(',').map(Number);
const schemes = options.schemes.split(',');

/** Runs the CLI to its end; resolves with its exit code and output. */
function runCli(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT.buildMs);
    child.once('close', (code) => { clearTimeout(timer); resolve({ code, output }); });
  });
}

/** Starts `heartnotes preview` on 127.0.0.1 and a free port (port 0); resolves with its address and the child. */
function startPreview(outDir) {
  const child = spawn(process.execPath, [cli, 'preview', '--out', outDir, '--listen', '127.0.0.1', '--port', '0', '--quiet'], {
    cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`preview printed no address within ${TIMEOUT.previewMs} ms:\n${output}`)); }, TIMEOUT.previewMs);
    const onData = (d) => {
      output += d;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: match[1], child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`preview exited with code ${code}:\n${output}`)); });
  });
}

/**
 * Loads every image now (a lazy one out of view would never finish), scrolls to the bottom and
 * back so `visible` islands hydrate, then waits for fonts and images (at most 10 s).
 */
async function settle(page) {
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    const step = Math.max(300, window.innerHeight);
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    const loaded = Promise.all([document.fonts.ready, ...[...document.images].map((img) => img.decode().catch(() => {}))]);
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
}

const work = mkdtempSync(join(tmpdir(), 'hn-screenshots-'));
let preview;
let context;
// Ctrl+C: stop the server and remove the temp folder (Playwright closes its browser on exit).
process.once('SIGINT', () => {
  preview?.child.kill();
  rmSync(work, { recursive: true, force: true });
  process.exit(130);
});
try {
  const outDir = join(work, 'site');
  console.log('Building the site…');
  const built = await runCli(['build', '--out', outDir, '--quiet']);
  if (built.code !== 0) throw new Error(`the build failed (exit code ${built.code}):\n${built.output}`);
  preview = await startPreview(outDir);
  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    // Debian's Chromium, or the headless shell `npm test` installs when that is all there is.
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/lib/chromium/chromium-headless-shell'),
    headless: true, args: CHROMIUM_ARGS,
  });
  mkdirSync(outFolder, { recursive: true });
  const failures = [];
  for (const { type, path, status = 200 } of pages) {
    for (const width of widths) {
      for (const scheme of schemes) {
        const page = await context.newPage();
        try {
          await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
          await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
          const response = await page.goto(preview.url + path, { waitUntil: 'load', timeout: TIMEOUT.pageMs });
          if (response?.status() !== status) failures.push(`${path}: answered ${response?.status()}, expected ${status}`);
          await settle(page);
          const name = `${type}-${width}-${scheme}`;
          // The consent banner is fixed to the bottom of the screen, so a full-page picture would
          // show it over the middle of the text: it gets a picture of the first screen of its own,
          // and the full page is taken as a visitor who has chosen (Reject all) sees it.
          if (await page.locator('[data-consent-banner]').isVisible()) {
            await page.screenshot({ path: join(outFolder, `${name}-first-visit.png`), animations: 'disabled' });
            await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ advertising: false, measurement: false, location: false, date: new Date().toISOString() })), CONSENT_KEY);
            await page.reload({ waitUntil: 'load', timeout: TIMEOUT.pageMs });
            await settle(page);
          }
          const file = join(outFolder, `${name}.png`);
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
          await page.evaluate(() => localStorage.clear());
          console.log(`${type} ${width} ${scheme}: ${file}`);
        } finally {
          await page.close();
        }
      }
    }
  }
  if (failures.length) throw new Error(failures.join('\n'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await context?.close();
  preview?.child.kill();
  rmSync(work, { recursive: true, force: true, maxRetries: 3 });
}
