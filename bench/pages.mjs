// `npm run bench -- --lighthouse [--runs 3] [--runtime both|react|preact] [--pages home,gift] [--js-only]`:
// builds the real site (once per island runtime), previews it on loopback and, for one page of
// each type, prints the JavaScript it loads (gzip bytes, and when the framework chunk arrives
// relative to first contentful paint) and Lighthouse's mobile scores and metrics (median of runs).
// A benchmark, not a test: it exits 0 when targets are missed, non-zero only when a build fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { requireTestPackage } from '../tools/test-package.mjs';
import { repoRoot } from './corpus.mjs';
import { fmt, median, printTable } from './report.mjs';
import { PAGE_TYPES as PAGES } from '../tools/page-types.mjs';

// playwright-core is a test package (tests/package.json), installed by the test set-up.
const { chromium } = requireTestPackage('playwright-core');

/** The issue's targets under Lighthouse's mobile throttling. */
const TARGET = { performance: 100, tbtMs: 60, lcpMs: 1500, cls: 0.04 };

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROMIUM_PATH = '/usr/bin/chromium';
// As tests/e2e-helpers/browser.ts: an unreachable proxy stops Chromium calling home; loopback
// bypasses a proxy by default. (`--proxy-bypass-list=<-loopback>` would REMOVE that bypass and
// Lighthouse then fails with CHROME_INTERSTITIAL_ERROR.)
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--proxy-server=http://127.0.0.1:9',
];
const LIGHTHOUSE_CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --proxy-server=http://127.0.0.1:9';
/** Lighthouse's mobile screen, so `visible` and `media:` islands behave as they do in its runs. */
const PHONE = { width: 412, height: 823 };
/** Lighthouse's mobile throttling as DevTools applies it (its `devtools` presets): slow 4G and a 4x slower CPU. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (607.5 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
// A Lighthouse run of the longest page (the breakup guide) took up to 70 s with the machine's load
// at 17 on 2 cores; 150 s was close enough to kill one and leave an unexplained `x`.
const TIMEOUT = { buildMs: 180_000, previewMs: 60_000, pageMs: 60_000, lighthouseMs: 300_000 };
/** The framework chunk: esbuild names the shared island chunk `runtime-<hash>.js` (src/pipeline/bundle/islands.ts). */
const FRAMEWORK_CHUNK = /\/assets\/islands\/runtime-[^/]+\.js$/;

const gzipBytes = (data) => gzipSync(data, { level: 9 }).length;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

/** Runs a command to its end (or kills its whole process group at the deadline); resolves with code and output. */
function run(command, args, { env = {}, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs} ms)`;
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    }, timeoutMs);
    child.once('error', (error) => { clearTimeout(timer); resolve({ code: -1, output: `${output}${error.message}` }); });
    child.once('close', (code) => { clearTimeout(timer); resolve({ code, output }); });
  });
}

/** Builds the site with one island runtime into `outDir` and serves it with `heartnotes preview`. */
async function buildAndPreview(runtime, outDir) {
  const cli = join(repoRoot, 'bin', 'heartnotes.mjs');
  const env = { HEARTNOTES_CLIENT_RUNTIME: runtime, NO_COLOR: '1' };
  // --no-cache: the up-to-date check does not see the runtime variable, and developers' .cache stays untouched.
  const built = await run(process.execPath, [cli, 'build', '--out', outDir, '--no-cache', '--quiet'], { env, timeoutMs: TIMEOUT.buildMs });
  if (built.code !== 0) throw new Error(`the ${runtime} build failed (exit code ${built.code}):\n${built.output}`);
  const child = spawn(process.execPath, [cli, 'preview', '--out', outDir, '--port', '0'], {
    cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`preview printed no address within ${TIMEOUT.previewMs} ms:\n${output}`)), TIMEOUT.previewMs);
    const onData = (d) => {
      output += d;
      const match = /Previewing .* at (http:\/\/\S+?)\/? /.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`preview exited with code ${code}:\n${output}`)); });
  });
  return { runtime, url, outDir, stop: () => child.kill('SIGTERM'), child };
}

/**
 * Opens the page on a phone-sized screen with Lighthouse's mobile throttling, scrolls to the bottom so every `visible` island loads,
 * waits out the `idle` rule, and returns every script it ran: inline ones (each gzipped on its
 * own) and .js files (their bodies gzipped), and when the framework chunk was requested.
 */
async function measureScripts(context, url) {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const files = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const encoded = response.headers()['content-encoding'] === 'gzip' ? Number(response.headers()['content-length']) : NaN;
    files.push(response.body().then(
      (body) => ({ url: response.url(), gzip: Number.isFinite(encoded) ? encoded : gzipBytes(body) }),
      () => ({ url: response.url(), gzip: NaN }),
    ));
  });
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT.pageMs });
    await page.evaluate(async () => {
      const step = Math.max(200, window.innerHeight / 2);
      for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    });
    // The `idle` rule hydrates after 2 s at the latest.
    await page.waitForTimeout(2500);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    const inline = await page.$$eval('script:not([src])', (els) =>
      els.filter((el) => ['', 'module', 'text/javascript'].includes(el.type)).map((el) => el.textContent ?? ''));
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance.getEntriesByType('resource').map((r) => ({ url: r.name, start: r.startTime })),
    }));
    const fileList = await Promise.all(files);
    // Every shared chunk is named runtime-*; the framework's is the one of several kilobytes (React
    // 69 KB, preact 7 KB gzip), not the few hundred bytes page scripts share (toast, consent state).
    const large = new Set(fileList.filter((f) => f.gzip > 5000).map((f) => f.url));
    const framework = timing.scripts.find((s) => FRAMEWORK_CHUNK.test(new URL(s.url).pathname) && large.has(s.url));
    return {
      status: response?.status(),
      files: fileList,
      inlineCount: inline.length,
      inlineGzip: inline.reduce((sum, code) => sum + gzipBytes(code), 0),
      filesGzip: fileList.reduce((sum, f) => sum + f.gzip, 0),
      frameworkAfterFcpMs: framework && timing.fcp !== undefined ? framework.start - timing.fcp : undefined,
    };
  } finally {
    await page.close();
  }
}

/** One Lighthouse run with its default (mobile, simulated throttling) config; undefined fields when it failed. */
async function lighthouse(url, outFile) {
  const args = ['--yes', LIGHTHOUSE, url, '--output=json', `--output-path=${outFile}`, '--quiet', `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS}`];
  const r = await run('npx', args, { env: { CHROME_PATH: CHROMIUM_PATH }, timeoutMs: TIMEOUT.lighthouseMs });
  let report;
  try {
    report = JSON.parse(readFileSync(outFile, 'utf8'));
  } catch {
    return { error: `exit ${r.code}: ${r.output.trim().split('\n').at(-1)}` };
  }
  rmSync(outFile, { force: true });
  if (report.runtimeError) return { error: report.runtimeError.code };
  const score = (id) => Math.round((report.categories[id]?.score ?? NaN) * 100);
  const value = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    tbt: value('total-blocking-time'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
  };
}

/** Median of each figure over the runs that worked (figures are taken independently, not from one run). */
function medianRun(runs) {
  const ok = runs.filter((r) => !r.error);
  const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'tbt', 'lcp', 'cls', 'fcp'];
  const result = Object.fromEntries(keys.map((k) => [k, median(ok.map((r) => r[k]))]));
  return { ...result, ok: ok.length, errors: runs.filter((r) => r.error).map((r) => r.error) };
}


function row(page, js, lh) {
  const met = lh.ok > 0 && lh.performance >= TARGET.performance && lh.tbt <= TARGET.tbtMs && lh.lcp <= TARGET.lcpMs && lh.cls <= TARGET.cls;
  const after = js.frameworkAfterFcpMs;
  return {
    'page type': page.type,
    path: page.path,
    status: String(js.status ?? 'n/a'),
    'js files': String(js.files.length),
    inline: String(js.inlineCount),
    'JS gzip B': fmt(js.inlineGzip + js.filesGzip),
    'framework vs FCP': after === undefined ? '—' : `${after >= 0 ? '+' : ''}${fmt(after)} ms`,
    perf: fmt(lh.performance),
    a11y: fmt(lh.accessibility),
    bp: fmt(lh.bestPractices),
    seo: fmt(lh.seo),
    'TBT ms': fmt(lh.tbt),
    'LCP ms': fmt(lh.lcp),
    CLS: fmt(lh.cls, 3),
    'FCP ms': fmt(lh.fcp),
    runs: `${lh.ok}`,
    target: lh.ok === 0 ? 'n/a' : met ? 'met' : 'MISSED',
  };
}

/** The whole report; `argv` are the options after `--lighthouse`. */
export async function pageReport(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '3' },
      runtime: { type: 'string', default: 'both' },
      pages: { type: 'string' },
      'js-only': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const runtimes = values.runtime === 'both' ? ['react', 'preact'] : [values.runtime];
  const pages = values.pages ? PAGES.filter((p) => values.pages.split(',').includes(p.type)) : PAGES;
  if (!Number.isInteger(runs) || runs < 1 || runtimes.some((r) => r !== 'react' && r !== 'preact') || pages.length === 0) {
    console.error('usage: npm run bench -- --lighthouse [--runs N] [--runtime both|react|preact] [--pages type,type] [--js-only]');
    console.error(`page types: ${PAGES.map((p) => p.type).join(', ')}`);
    process.exit(2);
  }
  // Lighthouse measures the full browser, not the headless shell the browser tests install.
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`The page report runs Lighthouse in Debian's Chromium, and there is none at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" and run it again.`);
    process.exit(1);
  }

  console.log('heartnotes page weight and Lighthouse report');
  console.log(`Machine: ${availableParallelism()} CPUs, Node ${process.version}. Lighthouse ${LIGHTHOUSE} (default config: mobile emulation, simulated throttling), ${runs} run(s) per page and runtime, median of each figure.`);
  console.log(`JS gzip B = inline scripts (each gzipped alone) + every .js file requested during load, scrolling to the bottom and 2.5 s idle, gzip -9, on a ${PHONE.width}x${PHONE.height} screen.`);
  console.log(`Framework vs FCP = when the framework chunk (assets/islands/runtime-*.js) was requested, relative to first contentful paint, under slow 4G and a ${CPU_SLOWDOWN}x CPU slowdown.`);
  console.log(`Targets: performance ${TARGET.performance}, TBT ≤ ${TARGET.tbtMs} ms, LCP ≤ ${TARGET.lcpMs} ms, CLS ≤ ${TARGET.cls}.`);
  console.log(`Load average (1 / 5 / 15 min) before: ${load()}`);

  const temp = mkdtempSync(join(tmpdir(), 'heartnotes-pages-'));
  const sites = [];
  const stopAll = () => { for (const s of sites) s.child.kill('SIGKILL'); };
  process.once('exit', stopAll);
  try {
    for (const runtime of runtimes) {
      process.stdout.write(`Building and previewing with the ${runtime} island runtime… `);
      sites.push(await buildAndPreview(runtime, join(temp, runtime, 'dist')));
      console.log(sites.at(-1).url);
    }

    // Scripts first, in a browser that is closed before Lighthouse starts its own.
    const scripts = new Map();
    const profile = mkdtempSync(join(temp, 'chromium-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    try {
      for (const site of sites) {
        for (const page of pages) scripts.set(`${site.runtime} ${page.type}`, await measureScripts(context, site.url + page.path));
      }
    } finally {
      await context.close();
    }

    // Lighthouse runs alternate between runtimes, so load on the machine hits both alike.
    const audits = new Map();
    if (!values['js-only']) {
      const version = await run('npx', ['--yes', LIGHTHOUSE, '--version'], { timeoutMs: TIMEOUT.lighthouseMs });
      if (version.code !== 0) console.log(`Lighthouse could not be started (npx ${LIGHTHOUSE}): ${version.output.trim()}`);
      else {
        process.stdout.write('Lighthouse ');
        for (let i = 0; i < runs; i++) {
          for (const page of pages.filter((p) => p.lighthouse !== false)) {
            for (const site of sites) {
              const key = `${site.runtime} ${page.type}`;
              let result = await lighthouse(site.url + page.path, join(temp, 'lighthouse.json'));
              // A failure is named as it happens, so a run cut short still says which page failed and why.
              if (result.error) {
                process.stdout.write(`\n  x ${page.type} (${site.runtime}, ${page.path}): ${result.error}; once more… `);
                // Lighthouse now and then loses the navigation from its trace on a busy machine
                // (NO_NAVSTART; seen on the breakup guide and on a tag page, never twice in a row):
                // one more run tells that apart from a page that really cannot be audited.
                result = await lighthouse(site.url + page.path, join(temp, 'lighthouse.json'));
                process.stdout.write(result.error ? `failed again: ${result.error}\n  ` : 'fine\n  ');
              } else process.stdout.write('.');
              audits.set(key, [...(audits.get(key) ?? []), result]);
            }
          }
        }
        console.log();
      }
    }

    for (const site of sites) {
      console.log(`\n${site.runtime === 'react' ? 'React' : 'preact/compat'} island runtime`);
      printTable(pages.map((page) => row(page, scripts.get(`${site.runtime} ${page.type}`), medianRun(audits.get(`${site.runtime} ${page.type}`) ?? []))), 2);
      const files = new Map();
      for (const page of pages) for (const f of scripts.get(`${site.runtime} ${page.type}`).files) files.set(new URL(f.url).pathname, f.gzip);
      console.log(`Script files seen: ${[...files].sort().map(([path, gzip]) => `${path.split('/').at(-1)} ${gzip} B`).join(', ') || 'none'}`);
      for (const page of pages) {
        const errors = medianRun(audits.get(`${site.runtime} ${page.type}`) ?? []).errors;
        if (errors.length) console.log(`  ${page.type}: Lighthouse failed ${errors.length}x: ${[...new Set(errors)].join('; ')}`);
        const js = scripts.get(`${site.runtime} ${page.type}`);
        if (js.status !== (page.status ?? 200)) console.log(`  ${page.type}: ${page.path} answered ${js.status}, expected ${page.status ?? 200} (has the page moved?)`);
      }
    }
  } finally {
    stopAll();
    process.off('exit', stopAll);
    rmSync(temp, { recursive: true, force: true, maxRetries: 3 });
  }
  console.log(`\nLoad average after: ${load()}${loadavg()[0] > availableParallelism() ? ' — the machine was busy; Lighthouse performance figures are noisy' : ''}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await pageReport(process.argv.slice(2).filter((a) => a !== '--lighthouse'));
}
