import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { DiagnosticError, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.ts';
import { messages } from './diagnostics/messages.ts';
import { hashText, prepareManifest, readManifest, type BuildManifest } from './pipeline/plan/manifest.ts';
import { compileSite } from './pipeline/compile/compile-site.ts';
import { generatorRoot } from './pipeline/paths.ts';
import { checkImages, checkLinks, type LinkedPage } from './pipeline/links/links.ts';
import { loadContent, readContentFiles } from './pipeline/load/load.ts';
import { renderAll } from './pipeline/render/render-pool.ts';
import { buildRouteTable } from './pipeline/routes/routes.ts';
import { buildSiteFiles } from './pipeline/site-state.ts';
import { tidyMarkdownCache } from './pipeline/render/markdown-cache.ts';
import { planOutput } from './pipeline/plan/output-plan.ts';
import { foldedCollisions } from './pipeline/write/output-paths.ts';
import { fingerprintInputs, fingerprintOptionsFor, upToDateSummary } from './pipeline/plan/up-to-date.ts';
import { bundleIslands } from './pipeline/bundle/islands.ts';
import { bundleStyles } from './pipeline/bundle/styles.ts';
import type { BuildOptions, BuildSummary, Redirect, Route, SiteConfig, TemplateSite } from './pipeline/types.ts';
import { validateContent, type LeftOut } from './pipeline/validate/validate.ts';
import { formatMs } from './pipeline/format.ts';
import {
  abortOutput, commitChanges, commitOutput, copyIntoOutput, listFolder, startOutput, writeOutputFile, type Staging,
} from './pipeline/write/write.ts';

/**
 * A build: load → validate → route → bundle styles and islands → plan → render → check links → write.
 * Output whose inputs did not change since the previous build is left as it is.
 * Throws a `DiagnosticError` listing every problem found; the previous output is then untouched.
 */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const root = resolve(options.root);
  const outDir = resolve(root, options.outDir ?? 'dist');
  const cacheDir = options.noCache ? undefined : join(root, '.cache');

  const stages: Record<string, number> = {};
  let last = started;
  const lap = (stage: string) => {
    const now = performance.now();
    stages[stage] = (stages[stage] ?? 0) + (now - last);
    last = now;
  };

  // Nothing to do when no input changed since the last build and its output is intact.
  const fingerprintOptions = fingerprintOptionsFor(options, outDir);
  const upToDate = options.checkOnly ? undefined : upToDateSummary(options);
  if (upToDate) return upToDate;
  const previous = options.checkOnly ? undefined : readManifest(cacheDir, outDir);
  const folderInputs = (config: SiteConfig) => [
    join(root, config.contentDir ?? 'content'),
    join(root, config.publicDir ?? 'public'),
    join(generatorRoot, 'src'),
  ];

  const compiled = await compileSite(root);
  const foldersBefore = fingerprintInputs(folderInputs(compiled.config), [], fingerprintOptions);
  tidyMarkdownCache(cacheDir, compiled.markdownKey);
  lap('compile templates');
  const { config } = compiled;
  const contentDir = config.contentDir ?? 'content';

  // Every content problem is collected into one list and reported once, after links are checked:
  // the build goes on with the records that did validate (a broken entry is left out) so that
  // an editor meets schema errors, dates, duplicates, dead links and missing images in one run.
  // It fails before the swap, so the previous output stays as it was.
  const problems: Diagnostic[] = [];
  const read = readContentFiles(root, contentDir);
  const loaded = loadContent(read.files, contentDir, config.collections);
  const validated = validateContent(loaded.records, config.collections, {
    drafts: options.drafts,
    today: (options.now ?? new Date()).toISOString().slice(0, 10),
  });
  problems.push(...read.problems.values(), ...loaded.diagnostics, ...validated.diagnostics);
  // Pages, settings and navigation all read the data files: without one, nothing renders truly.
  const dataMissing = Object.entries(config.collections).some(([name, spec]) => spec.kind === 'json' && validated.content[name] === undefined);
  if (dataMissing) failOn(problems);
  lap('load and validate');
  const content = validated.content as never;

  const settings = { ...config.settings(content) };
  if (options.baseUrl) settings.url = options.baseUrl.replace(/\/+$/, '');
  const table = buildRouteTable(config.routes, content);
  problems.push(...table.diagnostics);
  lap('routes');

  const styles = await bundleStyles(root, config.styles);
  const islands = await bundleIslands(root, { runtime: config.islands?.runtime });
  const site: TemplateSite = {
    settings,
    shared: config.shared?.(content) ?? {},
    assets: { css: styles.assets.map((s) => s.href), islands: islands.chunks, loader: islands.loader },
  };
  lap('styles and islands');

  const leftOut = describeLeftOut(validated.leftOut);
  const staging: Staging = options.checkOnly
    ? { dir: mkdtempSync(join(tmpdir(), 'heartnotes-check-')), outDir }
    : startOutput(outDir);
  try {
    const publicName = config.publicDir ?? 'public';
    const publicDir = join(root, publicName);
    const { files: publicFiles, broken } = listFolder(publicDir);
    problems.push(...broken.map((b) => ({ ...messages.brokenPublicLink(`${publicName}/${b.path}`, b.problem), file: `${publicName}/${b.path}` })));

    const redirects = [...table.redirects, ...(config.redirects?.(content) ?? [])];
    const siteFiles = buildSiteFiles(config, content, settings, table.routes, redirects, [...styles.assets, ...islands.assets]);
    problems.push(...outputClashes(table.routes, publicFiles.map((f) => f.path), publicName, siteFiles));

    // Every output file with a key of its inputs; what matches the previous build stays as it is.
    const siteKey = hashText(compiled.versionKey, JSON.stringify(site));
    const desired = new Map<string, string>();
    for (const f of publicFiles) desired.set(f.path, `public:${f.size}:${f.mtimeMs}`);
    for (const [file, contents] of siteFiles) desired.set(file, hashText(typeof contents === 'string' ? contents : Buffer.from(contents).toString('base64')));
    for (const route of table.routes) desired.set(route.outFile, hashText(siteKey, JSON.stringify(route)));
    const manifest = previous ?? readManifest(cacheDir, outDir);
    const plan = planOutput(desired, manifest, outDir);
    lap('plan');

    for (const f of publicFiles) if (plan.write.has(f.path)) copyIntoOutput(staging.dir, publicDir, f.path);
    for (const [file, contents] of siteFiles) if (plan.write.has(file)) writeOutputFile(staging.dir, file, contents);
    const toRender = table.routes.filter((r) => plan.write.has(r.outFile));
    const outcomes = await renderAll(toRender, {
      config,
      configModule: compiled.configModule,
      workerModule: compiled.workerModule,
      setup: { site, versionKey: compiled.versionKey, markdownKey: compiled.markdownKey, cacheDir, stagingDir: staging.dir },
      workers: options.workers,
    });
    const rendered = new Map(outcomes.map((o) => [o.path, o]));
    const linked: LinkedPage[] = [];
    for (const route of table.routes) {
      const outcome = rendered.get(route.path);
      if (outcome && !outcome.ok) {
        problems.push({ ...messages.renderFailed(route.path, outcome.error), file: route.sources[0] });
        continue;
      }
      const found = outcome ?? manifest!.files[route.outFile];
      linked.push({ path: route.path, outFile: route.outFile, source: route.sources[0], links: found.links ?? [], ids: found.ids ?? [] });
    }
    lap('render');

    const allFiles = new Set<string>(desired.keys());
    problems.push(...checkContentLinks(linked, allFiles, redirects, read.files, validated, problems));
    lap('check links');
    failOn(problems);

    if (options.checkOnly) {
      abortOutput(staging);
    } else {
      // Everything, the manifest included, is written before the output is swapped in: a write
      // that fails (a full disk) fails the build with the previous output untouched.
      const linksOf = new Map(linked.map((p) => [p.outFile, p]));
      const files: BuildManifest['files'] = {};
      for (const [file, key] of desired) {
        const previous = plan.keep.has(file) ? manifest!.files[file] : undefined;
        const page = linksOf.get(file);
        // A rename keeps size and mtime, so the staged file's are the ones the output will have.
        const stat = previous ?? statSync(join(staging.dir, file));
        files[file] = { key, size: stat.size, mtimeMs: stat.mtimeMs, ...(page ? { links: page.links, ids: page.ids } : {}) };
      }
      // Record the fingerprint only if no input changed while this build read them.
      const folders = folderInputs(config);
      const inputFiles = [...compiled.inputs, ...styles.inputs, ...islands.inputs, join(root, 'package-lock.json'), join(generatorRoot, 'package-lock.json')];
      const unchanged = fingerprintInputs(folders, [], fingerprintOptions) === foldersBefore;
      const pendingManifest = prepareManifest(cacheDir, {
        outDir,
        files,
        ...(unchanged ? { fingerprint: fingerprintInputs(folders, inputFiles, fingerprintOptions), inputs: { folders, files: inputFiles } } : {}),
        summary: {
          pages: table.routes.length,
          redirects: redirects.length,
          assets: styles.assets.length + islands.assets.length + publicFiles.length,
          // Said again by a build that finds nothing changed.
          ...(leftOut ? { leftOut } : {}),
        },
      });
      if (plan.mode === 'full') commitOutput(staging);
      else commitChanges(staging, plan.write, plan.remove);
      pendingManifest.publish();
    }
    lap('write');
    const summary: BuildSummary = {
      pages: table.routes.length,
      rendered: toRender.length,
      reused: table.routes.length - toRender.length,
      redirects: redirects.length,
      assets: styles.assets.length + islands.assets.length + publicFiles.length,
      ms: performance.now() - started,
      outDir: relative(process.cwd(), outDir) || '.',
      stages,
    };
    if (leftOut) log(leftOut);
    log(
      `${options.checkOnly ? 'Checked' : 'Built'} ${summary.pages} pages (${summary.rendered} rendered, ${summary.reused} unchanged), ` +
        `${summary.redirects} redirects, ${summary.assets} assets${options.checkOnly ? '' : ` → ${summary.outDir}/`} in ${formatMs(summary.ms)}`,
    );
    return summary;
  } catch (error) {
    abortOutput(staging);
    throw asWriteFailure(error, outDir);
  }
}

/** A file-system error (a full disk, a read-only folder) as one sentence instead of a stack trace. */
function asWriteFailure(error: unknown, outDir: string): unknown {
  const e = error as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof e.code !== 'string' || !e.path || !/^E[A-Z]+$/.test(e.code)) return error;
  const reason = `${e.code} (${e.message.replace(/^\w+: /, '').replace(/, \w+ '.*'$/, '')})`;
  const where = (p: string) => (relative(process.cwd(), p).startsWith('..') ? p : relative(process.cwd(), p) || '.');
  return new DiagnosticError([messages.writeFailed(where(e.path), reason, where(outDir))]);
}

/**
 * Output files claimed twice: a `public/` file where the build writes a page or a file of its own,
 * or two files that a case-insensitive disk would merge. (Two pages at one path are reported by
 * the route table, with every input involved.)
 */
function outputClashes(routes: Route[], publicFiles: string[], publicName: string, siteFiles: Map<string, unknown>): Diagnostic[] {
  const owners = new Map<string, string[]>();
  const own = (file: string, who: string) => owners.set(file, [...(owners.get(file) ?? []), who]);
  for (const r of routes) own(r.outFile, r.sources[0] ?? `the page ${r.path}`);
  for (const file of siteFiles.keys()) if (!owners.has(file)) own(file, `the generated ${file}`);
  const diagnostics: Diagnostic[] = [];
  for (const file of publicFiles) {
    const generated = owners.get(file);
    if (generated) {
      diagnostics.push({ ...messages.publicClash(`${publicName}/${file}`, generated[0]), file: `${publicName}/${file}` });
      continue;
    }
    own(file, `${publicName}/${file}`);
  }
  for (const group of foldedCollisions(owners.keys())) {
    const inputs = group.map((f) => owners.get(f)![0]);
    diagnostics.push({ ...messages.foldedCollision(group, inputs), file: inputs[0] });
  }
  return diagnostics;
}

/**
 * Dead links and anchors (at the line of the link in its Markdown file) and missing images (at
 * the line of the field or the Markdown image), as one list.
 *
 * # Design decision
 * A link to a page whose file failed to load or validate is not reported: that page is missing
 * only because of the error already shown at its file. The route functions cannot be asked which
 * pages the broken files would make (they would be handed data that failed its schema), so the
 * slugs those files would have (`slug:` or the file name) stand for their pages; a link whose last
 * segment is one of them is let through. Rejected: stopping before links whenever validation
 * failed (an editor then meets dead links one build later) and reporting them anyway (a second,
 * misleading error for one mistake).
 */
export function checkContentLinks(
  linked: LinkedPage[],
  files: Set<string>,
  redirects: Redirect[],
  texts: Map<string, string>,
  validated: ReturnType<typeof validateContent>,
  problems: Diagnostic[],
): Diagnostic[] {
  const pending = new Set(validated.failed.map((f) => f.slug));
  for (const p of problems) if (p.file?.endsWith('.md') && !p.code.startsWith('content/duplicate')) pending.add(basename(p.file, '.md'));
  const images = checkImages(validated.images, files);
  // A missing image is one mistake however many pages show it: a cover in front matter is reported
  // at its field, not again on every listing, category or related-articles block that renders it;
  // an image only templates add is reported once per file.
  const seen = new Set(images.map((d) => d.message));
  const links = checkLinks(linked, files, redirects, undefined, { texts, pending }).filter((d) => {
    if (d.code !== 'links/missing-image') return true;
    const key = `${d.file}\0${d.message}`;
    if (seen.has(d.message) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...images, ...links];
}

/** "Left out 2 entries: a.md (draft), b.md (scheduled for 2026-12-01); …", or '' when none. */
export function describeLeftOut(leftOut: LeftOut[], shown = 5): string {
  if (!leftOut.length) return '';
  const each = leftOut.slice(0, shown).map((e) => `${e.file} (${e.reason === 'draft' ? 'draft' : `scheduled for ${e.date}`})`);
  const more = leftOut.length > shown ? `, and ${leftOut.length - shown} more` : '';
  return `Left out ${leftOut.length} ${leftOut.length === 1 ? 'entry' : 'entries'}: ${each.join(', ')}${more}; build --drafts to include ${leftOut.length === 1 ? 'it' : 'them'}`;
}

function failOn(diagnostics: Diagnostic[]): void {
  if (diagnostics.length) throw new DiagnosticError(sortDiagnostics(diagnostics));
}

export { formatMs };
