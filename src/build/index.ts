import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { DiagnosticError, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { messages } from '../diagnostics/messages.ts';
import { hashText, readManifest, writeManifest, type PageRecordCache } from './cache.ts';
import { compileSite } from './config.ts';
import { checkLinks, type LinkedPage } from './links.ts';
import { loadContent, readContentFiles } from './load.ts';
import { renderAll } from './render-pool.ts';
import { buildRouteTable } from './routes.ts';
import { atomFeed, headersFile, redirectPage, redirectsFile, robotsTxt, sitemapXml } from './site-files.ts';
import { bundleStyles } from './styles.ts';
import type { BuildOptions, BuildSummary, TemplateSite } from './types.ts';
import { validateContent } from './validate.ts';
import { abortOutput, commitOutput, copyFolder, reuseOutputFile, startOutput, writeOutputFile, type Staging } from './write.ts';

/**
 * A full build: load → validate → route → bundle styles → render → check links → write.
 * Throws a `DiagnosticError` listing every problem found; the previous output is then untouched.
 */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const root = resolve(options.root);
  const outDir = resolve(root, options.outDir ?? 'dist');
  const cacheDir = options.noCache ? undefined : join(root, '.cache');

  const compiled = await compileSite(root);
  const { config } = compiled;
  const contentDir = config.contentDir ?? 'content';

  const loaded = loadContent(readContentFiles(root, contentDir), contentDir, config.collections);
  const validated = validateContent(loaded.records, config.collections, {
    drafts: options.drafts,
    today: (options.now ?? new Date()).toISOString().slice(0, 10),
  });
  failOn([...loaded.diagnostics, ...validated.diagnostics]);
  const content = validated.content as never;

  const settings = { ...config.settings(content) };
  if (options.baseUrl) settings.url = options.baseUrl.replace(/\/+$/, '');
  const table = buildRouteTable(config.routes, content);
  failOn(table.diagnostics);

  const styles = await bundleStyles(root, config.styles);
  const site: TemplateSite = {
    settings,
    shared: config.shared?.(content) ?? {},
    assets: { css: styles.map((s) => s.href) },
  };

  const staging: Staging = options.checkOnly
    ? { dir: mkdtempSync(join(tmpdir(), 'heartnotes-check-')), outDir }
    : startOutput(outDir);
  try {
    const publicFiles = copyFolder(staging.dir, join(root, config.publicDir ?? 'public'));
    const clash = table.routes.filter((r) => publicFiles.includes(r.outFile));
    failOn(clash.map((r) => ({ ...messages.duplicateRoute(r.path, [r.sources[0] ?? r.path, `${config.publicDir ?? 'public'}/${r.outFile}`]), file: r.sources[0] })));

    // Reuse what the previous build rendered from the same inputs; render the rest.
    const manifest = options.checkOnly ? undefined : readManifest(cacheDir, outDir);
    const siteKey = hashText(compiled.versionKey, JSON.stringify(site));
    const records: Record<string, PageRecordCache> = {};
    const linked: LinkedPage[] = [];
    const toRender = [];
    for (const route of table.routes) {
      const key = hashText(siteKey, JSON.stringify(route));
      const previous = manifest?.pages[route.outFile];
      if (previous?.key === key && reuseOutputFile(staging.dir, outDir, route.outFile)) {
        records[route.outFile] = previous;
        linked.push({ path: route.path, outFile: route.outFile, source: route.sources[0], links: previous.links, ids: previous.ids });
      } else {
        toRender.push(route);
        records[route.outFile] = { key, links: [], ids: [] };
      }
    }
    const outcomes = await renderAll(toRender, {
      config,
      configModule: compiled.configModule,
      workerModule: compiled.workerModule,
      setup: { site, versionKey: compiled.versionKey, cacheDir, stagingDir: staging.dir },
      workers: options.workers,
    });
    const sourceOf = new Map(table.routes.map((r) => [r.path, r.sources[0]]));
    const renderErrors: Diagnostic[] = [];
    for (const outcome of outcomes) {
      if (!outcome.ok) {
        renderErrors.push({ ...messages.renderFailed(outcome.path, outcome.error), file: sourceOf.get(outcome.path) });
        continue;
      }
      Object.assign(records[outcome.outFile], { links: outcome.links, ids: outcome.ids });
      linked.push({ path: outcome.path, outFile: outcome.outFile, source: sourceOf.get(outcome.path), links: outcome.links, ids: outcome.ids });
    }
    failOn(renderErrors);

    const redirects = [...table.redirects, ...(config.redirects?.(content) ?? [])];
    const siteFiles = new Map<string, string | Uint8Array>();
    for (const s of styles) siteFiles.set(s.outFile, s.contents);
    siteFiles.set('sitemap.xml', sitemapXml(settings, table.routes));
    siteFiles.set('robots.txt', robotsTxt(settings));
    if (config.feed) {
      const feed = config.feed(content);
      siteFiles.set('feed.xml', atomFeed(settings, feed.title, feed.entries));
    }
    siteFiles.set('_headers', headersFile('/assets/'));
    siteFiles.set('_redirects', redirectsFile(redirects));
    for (const r of redirects) {
      if (r.htmlPage === false || r.from.includes('*') || r.status === 404) continue;
      const page = redirectPage(settings, r);
      siteFiles.set(page.outFile, page.html);
    }
    for (const [file, contents] of siteFiles) writeOutputFile(staging.dir, file, contents);

    const allFiles = new Set<string>([...publicFiles, ...siteFiles.keys(), ...table.routes.map((r) => r.outFile)]);
    failOn(checkLinks(linked, allFiles, redirects));

    if (options.checkOnly) {
      abortOutput(staging);
    } else {
      commitOutput(staging);
      writeManifest(cacheDir, { outDir, pages: records });
    }
    const summary: BuildSummary = {
      pages: table.routes.length,
      rendered: toRender.length,
      reused: table.routes.length - toRender.length,
      redirects: redirects.length,
      assets: styles.length + publicFiles.length,
      ms: performance.now() - started,
      outDir: relative(process.cwd(), outDir) || '.',
    };
    log(
      `${options.checkOnly ? 'Checked' : 'Built'} ${summary.pages} pages (${summary.rendered} rendered, ${summary.reused} unchanged), ` +
        `${summary.redirects} redirects, ${summary.assets} assets${options.checkOnly ? '' : ` → ${summary.outDir}/`} in ${formatMs(summary.ms)}`,
    );
    return summary;
  } catch (error) {
    abortOutput(staging);
    throw error;
  }
}

function failOn(diagnostics: Diagnostic[]): void {
  if (diagnostics.length) throw new DiagnosticError(sortDiagnostics(diagnostics));
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
