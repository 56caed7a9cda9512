import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { DiagnosticError, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { messages } from '../diagnostics/messages.ts';
import { bundleIslands, islandAssetsUnderBase, type IslandBundle } from './bundle/islands.ts';
import { basePathOf, rulesUnderBase, withBase } from './routes/base-path.ts';
import { placed, siteFolderOf } from './hosts/layout.ts';
import { bundleStyles, styleAssetsUnderBase, type StyleAsset } from './bundle/styles.ts';
import { planCards, type PlannedCard } from './cards/cards.ts';
import { compileSite, type CompiledSite } from './compile/compile-site.ts';
import { listFolder, type BrokenLink, type FolderFile } from './load/list-folder.ts';
import { loadContent, readContentFiles, type ContentRecord, type KnownText } from './load/load.ts';
import { hashText } from './plan/manifest.ts';
import type { TemplateDeps } from './plan/template-deps.ts';
import { buildRouteTable, inputFile, namesBrokenEntry, type BrokenEntry, type ClashAnchor } from './routes/routes.ts';
import { atomFeed, generatedHeaders, headersFile, redirectPage, robotsTxt, sitemapXml } from './site-files/site-files.ts';
import { hostOf } from './hosts/host.ts';
import { notFoundPages, redirectsFor, rootRedirects } from './hosts/redirects.ts';
import { OUTPUT_MARKER } from './write/output-folder.ts';
import type { CollectionSpec, ContentOf, Entry, HostName, Redirect, Route, SiteConfig, SiteSettings, TemplateSite } from './types.ts';
import { locateField, newestFirst, validateContent, validateRecord, type ValidateResult } from './validate/validate.ts';
import { foldedCollisions } from './write/output-paths.ts';
import { noImages, type ImageSet } from './images/process-images.ts';
import { unknownSiteValues } from './markdown/site-values.ts';
import { closest } from './validate/closest.ts';
import { codeFrame } from '../diagnostics/frame.ts';
import { pageImageKeys } from './images/references.ts';
import { resolveRelativeImages } from './images/relative-images.ts';
import { withPublicHashes } from './cache/public-hashes.ts';

/** Validated content as the generator sees it: any site's collections. */
type SiteContent = ContentOf<Record<string, CollectionSpec>>;

/**
 * The stages `build` and `dev` share: from a compiled site and its content files to the "site
 * state", everything a build knows before it renders: validated content, the route table, the
 * template site data, the generated files and every output file with what it is made of.
 */

/** The compiled parts a site state is computed from. */
export interface SiteParts {
  compiled: CompiledSite;
  styles: { assets: StyleAsset[]; inputs: string[] };
  islands: IslandBundle;
  /** Each template's source files, for dev's finer page keys (optional: pages depend on all of them). */
  templates?: Map<string, TemplateDeps>;
}

/** One content file as last read: its text, and its record or the problem that stopped it. */
export interface LoadedFile {
  text: string;
  record?: ContentRecord;
  diagnostics: Diagnostic[];
  /** Not UTF-8, a control character, a broken link: nothing to parse until it changes. */
  unreadable?: true;
  /** When the file was last modified, as read (optional): of two entries that clash, the newer is blamed. */
  mtimeMs?: number;
}

/**
 * What a page is built from, part by part. Equal parts mean equal HTML; the part that differs is
 * the reason the change planner gives for rendering the page again.
 */
export interface PageKey {
  /** Settings and shared data of the site. */
  site: string;
  /** Stylesheet addresses and the island loader. */
  assets: string;
  /** The template's source files (see template-deps.ts), or the compiled site's version. */
  template: string;
  /** Chunk addresses of the islands the template can place. */
  islands: string;
  /** The Markdown entry (front matter and body). */
  entry: string;
  /** Everything else about the route: path, props, sources, aliases (compared with `sameData`). */
  route: Omit<Route, 'entry'>;
  /** The processed images the page may show, with their hashes (images/references.ts). */
  images: string;
}

/** One output file and what it is made of. */
export type Output =
  | { kind: 'page'; route: Route; key: PageKey }
  | { kind: 'file'; contents: string | Uint8Array; /** Stands for the contents when set (an encoded image's hash). */ key?: string }
  | {
      kind: 'public';
      size: number;
      mtimeMs: number;
      /** A hash of its bytes, when the build has one (cache/public-hashes.ts): then its key. */
      hash?: string;
      /** Its path in the public folder, when the output's differs (hosts/layout.ts). */
      from?: string;
    }
  | { kind: 'card'; card: PlannedCard };

/** The public folder as listed: its files, and links in it that lead nowhere. */
export interface PublicListing {
  files: FolderFile[];
  broken: BrokenLink[];
}

export interface SiteStateOptions {
  /** The project folder (social cards read their fonts and images from it). */
  root: string;
  baseUrl?: string;
  /** The host the output is for (default: the config's `deploy.host`, else `static`). */
  host?: HostName;
  /** Output files the host's functions are bundled into (hosts/functions.ts; default: none). */
  hostFiles?: Map<string, string | Uint8Array>;
  /**
   * Write `_redirects` and `_headers` for a static host too (default: false): dev's server reads
   * them. A static build leaves them out, since no plain CDN reads them.
   */
  serverRules?: boolean;
  /**
   * Lay the output out as the host serves it (hosts/layout.ts; default: false): under a base path
   * on Netlify or Cloudflare Pages, the site's files in the base's folder. A build does; dev does not.
   */
  hostLayout?: boolean;
  drafts?: boolean;
  /** `YYYY-MM-DD`: entries dated later are left out. */
  today: string;
  /** Validates one record (default: `validateRecord`); dev's reuses the results of unchanged records. */
  validate?: typeof validateRecord;
  /** Calls the site's functions (default: calls `fn`); dev notes which bodies they read. */
  runSiteFunctions?: <T>(fn: () => T) => T;
  /**
   * Throw a `DiagnosticError` at the first stage that finds a problem (default: false: collect
   * them all and go on, as a build does, to report dead links in the same run).
   */
  failFast?: boolean;
  /** The processed raster images (images/process-images.ts): their files are outputs, and pages depend on them (default: none). */
  images?: ImageSet;
  /** The cache folder, where what the social cards' fonts can draw is kept (cards/card-text.ts; default: none). */
  cacheDir?: string;
}

/** Everything known about the site before rendering. */
export interface SiteState {
  /** Content files by path relative to the root, in the order a folder walk reads them. */
  content: Map<string, LoadedFile>;
  public: PublicListing;
  validated: ValidateResult;
  routes: Route[];
  /** Patterns of route rows that threw (their error is in `diagnostics`, or is that of a broken entry). */
  unrouted: string[];
  redirects: Redirect[];
  site: TemplateSite;
  /** Output path → what it is made of: public files, generated files, then pages. */
  outputs: Map<string, Output>;
  /** Every problem found so far (content, routes, public files, clashes); empty when none. */
  diagnostics: Diagnostic[];
  /** What is published but not as written, e.g. a title a social card cannot draw; the build goes on. */
  warnings: Diagnostic[];
  /** The processed raster images, whose manifest the renderer gets. */
  images: ImageSet;
  /** The pages drafts and scheduled entries will have, for checking their links; never written (none in a `drafts` build). */
  unpublishedRoutes: Route[];
  /**
   * What the site's functions made beside the routes: the generated files and the planned cards
   * by output path (both also in `outputs`), and the files the cards' plan read with their hashes.
   * A build keeps them between builds (kept-state.ts).
   */
  made: { siteFiles: Map<string, string | Uint8Array>; cards: Map<string, PlannedCard>; read: Map<string, string> };
  /**
   * The folder of the output the site's files are in (`blog/`), or `''` (hosts/layout.ts):
   * `outputs` and the routes' `outFile` name the files with it; `unpublishedRoutes` without.
   */
  siteFolder: string;
}

/**
 * Compiles `site.config.ts` with its templates, then bundles the stylesheet and the islands: the
 * parts `build` and `dev` both start from. `lap` ends each step's stage (the build's clock).
 */
export async function compileParts(root: string, lap?: (stage: string) => void, keep?: string): Promise<SiteParts> {
  const compiled = await compileSite(root, keep);
  lap?.('compile templates');
  const assets = await bundleAssets(root, compiled.config, keep);
  lap?.('styles and islands');
  return { compiled, ...assets };
}

/** Bundles the stylesheet and the islands of a compiled site, at once. */
export async function bundleAssets(root: string, config: SiteConfig, keep?: string): Promise<Pick<SiteParts, 'styles' | 'islands'>> {
  const [styles, islands] = await Promise.all([bundleStyles(root, config.styles, keep), bundleIslands(root, config.islands, keep)]);
  return { styles, islands };
}

/** The config's content folder, relative to the root (default: `content`). */
export const contentDirOf = (config: SiteConfig): string => config.contentDir ?? 'content';

/** The config's public folder, relative to the root (default: `public`). */
export const publicDirOf = (config: SiteConfig): string => config.publicDir ?? 'public';

/**
 * Reads and parses every content file; a file that cannot be read carries its problem. Front
 * matter that `known` says parsed before is parsed only when read (`parseMarkdownFile`).
 */
export function readContent(root: string, config: SiteConfig, known?: KnownText): Map<string, LoadedFile> {
  return parseContent(readContentFiles(root, contentDirOf(config)), config, known);
}

/** The files `readContentFiles` read, each parsed (`readContent`). */
export function parseContent(read: ReturnType<typeof readContentFiles>, config: SiteConfig, known?: KnownText): Map<string, LoadedFile> {
  const content = new Map<string, LoadedFile>();
  for (const [file, text] of read.files) {
    const loaded = loadFile(file, text, config, known);
    content.set(file, {
      ...loaded,
      get mtimeMs() {
        return read.mtimeOf(file);
      },
    });
  }
  for (const [file, problem] of read.problems) content.set(file, { text: '', diagnostics: [problem], unreadable: true });
  return content;
}

/** Lists the public folder of the site; with a cache folder, each file with a hash of its bytes (cache/public-hashes.ts). */
export function readPublic(root: string, config: SiteConfig, cacheDir?: string): PublicListing {
  const dir = join(root, publicDirOf(config));
  const listing = listFolder(dir);
  return cacheDir ? { ...listing, files: withPublicHashes(dir, listing.files, cacheDir) } : listing;
}

/** Parses one content file; the load stage for that file alone. */
export function loadFile(file: string, text: string, config: SiteConfig, known?: KnownText): LoadedFile {
  const loaded = loadContent(new Map([[file, text]]), contentDirOf(config), config.collections, known);
  return { text, record: loaded.records[0], diagnostics: loaded.diagnostics };
}

/**
 * Validates the content, runs the site's functions (settings, routes, shared data, redirects,
 * generated files) and lists every output file with what it is made of. Problems are collected,
 * not thrown, so a build can go on to report dead links in the same run; only a missing data
 * file, which every page reads, throws a `DiagnosticError` at once.
 */
export function computeSiteState(parts: SiteParts, content: Map<string, LoadedFile>, publicListing: PublicListing, options: SiteStateOptions): SiteState {
  const { config } = parts.compiled;
  const { validated, diagnostics } = validateLoaded(content, config, options);
  const stage = (found: Diagnostic[]) => {
    diagnostics.push(...found);
    if (options.failFast && diagnostics.length) throw new DiagnosticError(sortDiagnostics(diagnostics));
  };
  // Each collection was parsed by its own schema, which is what ContentOf describes; the generator
  // handles every site, so it sees the content with the general collection types.
  const images = options.images ?? noImages();
  const recordOf = (file: string) => content.get(file)?.record;
  // Drafts and scheduled entries too: their pages are rendered and checked as well.
  stage([validated.content, validated.unpublishedEntries].flatMap((set) => resolveRelativeImages(set, config.collections, contentDirOf(config), images, recordOf)));
  const data = validated.content as SiteContent;
  // Drafts and scheduled entries go through the site's checks too: only publishing them waits.
  const every = withUnpublished(config, data, validated.unpublishedEntries);
  // A check that names an entry left out for its own error (`"x" names no article`) is that same mistake.
  const run = options.runSiteFunctions ?? ((fn) => fn());
  stage(run(() => siteChecks(config, every, content)).filter((d) => !namesBrokenEntry(d.message, validated.failed)));
  const anchor = clashAnchor(content, validated);
  const computed = run(() => runSiteFunctions(parts, data, { ...options, broken: validated.failed, anchor }));
  stage([...computed.routeProblems, ...siteValueProblems(every, computed.site.settings.values, content)]);
  const unpublished = unpublishedRoutes(config, every, validated, computed.routeProblems, anchor);
  stage(unpublished.diagnostics);
  const publicName = publicDirOf(config);
  stage([
    ...publicListing.broken.map((b) => ({ ...messages.brokenPublicLink(`${publicName}/${b.path}`, b.problem, b.chain), file: `${publicName}/${b.path}` })),
    ...outputClashes(
      computed.routes,
      publicListing.files.map((f) => f.path),
      publicName,
      [...computed.siteFiles.keys(), ...computed.cards.keys()],
    ),
  ]);
  const { siteFolder } = computed;
  const routes = siteFolder ? computed.routes.map((r) => ({ ...r, outFile: placed(r.outFile, siteFolder) })) : computed.routes;
  const outputs = outputsOf(parts, publicListing.files, { siteFiles: computed.siteFiles, cards: computed.cards }, routes, computed.site, images, siteFolder);
  const warnings = sortDiagnostics(computed.warnings);
  return {
    content,
    public: publicListing,
    validated,
    routes,
    unrouted: computed.unrouted,
    redirects: computed.redirects,
    site: computed.site,
    outputs,
    diagnostics,
    warnings,
    images,
    unpublishedRoutes: unpublished.routes,
    siteFolder,
    made: { siteFiles: computed.siteFiles, cards: computed.cards, read: computed.cardsRead },
  };
}

/** The validation stage over loaded files, with the problems of loading and validating in one list. */
function validateLoaded(content: Map<string, LoadedFile>, config: SiteConfig, options: SiteStateOptions) {
  const records: ContentRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of content.values()) {
    if (file.record) records.push(file.record);
    diagnostics.push(...file.diagnostics);
  }
  const contentDir = contentDirOf(config);
  const existing = new Set(Object.entries(config.collections).flatMap(([name, spec]) => (spec.kind === 'json' && content.has(`${contentDir}/${spec.file}`) ? [name] : [])));
  const modified = (file: string) => content.get(file)?.mtimeMs;
  const validated = validateContent(records, config.collections, { drafts: options.drafts, today: options.today, existing, modified }, options.validate);
  diagnostics.push(...validated.diagnostics);
  // A Markdown file that failed to load is an entry left out as much as one that failed its schema.
  for (const [file, loaded] of content) {
    if (!loaded.record && loaded.diagnostics.length && file.endsWith('.md')) validated.failed.push({ file, slug: basename(file, '.md') });
  }
  // Pages, settings and navigation all read the data files: without one, nothing renders truly.
  const dataMissing = Object.entries(config.collections).some(([name, spec]) => spec.kind === 'json' && validated.content[name] === undefined);
  if (dataMissing) throw new DiagnosticError(sortDiagnostics(diagnostics));
  return { validated, diagnostics };
}

/** Settings, routes, site data, redirects and generated files: what the site's own functions compute. */
function runSiteFunctions(parts: SiteParts, validated: SiteContent, options: SiteStateOptions & { broken: BrokenEntry[]; anchor: ClashAnchor }) {
  const { config } = parts.compiled;
  // Inside the site functions' run: an entry `prepare` copies has had its body read (dev then
  // takes the full path for edits of it, see body-edit.ts).
  const data = config.prepare ? config.prepare(validated) : validated;
  const settings = { ...config.settings(data) };
  if (options.baseUrl) settings.url = options.baseUrl.replace(/\/+$/, '');
  const table = buildRouteTable(config.routes, data, options.broken, options.anchor);
  const {
    routes,
    cards,
    warnings,
    read: cardsRead,
  } = planCards(config.cards, table.routes, options.root, join(options.root, publicDirOf(config)), options.images?.sources, options.cacheDir);
  const { styles, islands } = parts;
  const site: TemplateSite = {
    settings,
    shared: config.shared?.(data) ?? {},
    assets: { css: styles.assets.filter((s) => s.outFile.endsWith('.css')).map((s) => s.href), islands: islands.chunks, loader: islands.loader },
  };
  const redirects = [...table.redirects, ...(config.redirects?.(data) ?? [])];
  const base = basePathOf(settings.url);
  const assets = [...styleAssetsUnderBase(styles.assets, base), ...islandAssetsUnderBase(islands.assets, base)];
  const host = options.host ?? hostOf(config);
  const siteFolder = options.hostLayout ? siteFolderOf(host, base) : '';
  const siteFiles = buildSiteFiles(config, data, settings, routes, redirects, assets, host, options.serverRules, siteFolder);
  for (const [file, contents] of options.hostFiles ?? []) siteFiles.set(file, contents);
  return { routes, routeProblems: table.diagnostics, unrouted: table.failed, site, redirects, siteFiles, cards, cardsRead, warnings, siteFolder };
}

/** Sitemap, robots.txt, feed, `_headers`, `_redirects`, alias pages and stylesheets, by output path. */
export function buildSiteFiles(
  config: SiteConfig,
  content: SiteContent,
  settings: SiteSettings,
  routes: Route[],
  redirects: Redirect[],
  assets: { outFile: string; contents: Uint8Array }[],
  host: HostName = hostOf(config),
  serverRules = false,
  siteFolder = '',
): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const a of assets) files.set(a.outFile, a.contents);
  files.set('sitemap.xml', sitemapXml(settings, routes));
  const base = basePathOf(settings.url);
  files.set(
    'robots.txt',
    robotsTxt(
      settings,
      config.robots?.disallow?.map((path) => withBase(path, base)),
    ),
  );
  if (config.feed) {
    const feed = config.feed(publishedOnly(config, content));
    files.set('feed.xml', atomFeed(settings, feed.title, feed.entries));
  }
  for (const [file, contents] of Object.entries(config.files?.(content) ?? {})) files.set(file, contents);
  // A plain CDN reads neither file: it gets the old addresses' HTML pages below, and serves the
  // two files as pages of the site if they are there.
  if (host !== 'static' || serverRules) {
    const headers = headersFile(config.headers ?? {}, '/assets/', host, generatedHeaders(files.has('feed.xml') ? '/feed.xml' : undefined));
    files.set('_headers', rulesUnderBase(headers, 'headers', base));
    const notFound = notFoundPages(routes);
    // Laid out with the site in a folder, the build marker is at the root, outside the base.
    const siteRules = rulesUnderBase(redirectsFor(host, redirects, notFound, siteFolder ? [] : [OUTPUT_MARKER]), 'redirects', base);
    files.set('_redirects', siteFolder && host !== 'static' ? rootRedirects(host, base, siteRules, notFound, [OUTPUT_MARKER]) : siteRules);
  }
  for (const r of redirects) {
    if (r.htmlPage === false || r.from.includes('*') || r.status === 404) continue;
    const page = redirectPage(settings, r, base);
    files.set(page.outFile, page.html);
  }
  return files;
}

/**
 * The content without the drafts and scheduled entries a `drafts` build (dev) includes, and
 * without unlisted entries: what the feed is made of, so no mode ever announces an unpublished or
 * unlisted entry.
 */
function publishedOnly(config: SiteConfig, content: SiteContent): SiteContent {
  const out: Record<string, unknown> = { ...content };
  for (const [name, spec] of Object.entries(config.collections)) {
    if (spec.kind === 'markdown') out[name] = (content[name] as Entry[]).filter((e) => !e.draft && !e.scheduled && !e.unlisted);
  }
  return out as SiteContent;
}

/** Each `{{site.name}}` in a Markdown body that names no value of the settings' `values`, at its line (site-values.ts). */
function siteValueProblems(content: SiteContent, values: Record<string, string> | undefined, files: Map<string, LoadedFile>): Diagnostic[] {
  const known = Object.keys(values ?? {});
  const problems: Diagnostic[] = [];
  for (const entries of Object.values(content)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as Entry[]) {
      if (typeof entry?.body !== 'string' || !entry.body.includes('{{')) continue;
      const source = files.get(entry.file)?.text ?? '';
      for (const { name, line, column } of unknownSiteValues(entry.body, values)) {
        const at = entry.bodyLine + line - 1;
        problems.push({ ...messages.unknownSiteValue(name, known, closest(name, known)), file: entry.file, line: at, column, frame: codeFrame(source, at, column) });
      }
    }
  }
  return problems;
}

/** The content with the drafts and scheduled entries a build leaves out put back (none in a `drafts` build, which keeps them). */
function withUnpublished(config: SiteConfig, content: SiteContent, unpublished: Record<string, Entry[]>): SiteContent {
  if (!Object.keys(unpublished).length) return content;
  const out: Record<string, unknown> = { ...content };
  for (const [name, spec] of Object.entries(config.collections)) {
    if (spec.kind === 'markdown' && unpublished[name]) out[name] = [...(content[name] as Entry[]), ...unpublished[name]];
  }
  return out as SiteContent;
}

/**
 * The pages drafts and scheduled entries would have, and the problems they would bring: the route
 * table again, with them, so an address one of them shares with another page is an error now
 * rather than on its publication date. Its problems that the published table has too are not said
 * twice. The pages themselves are only rendered to check their links (build.ts).
 */
function unpublishedRoutes(
  config: SiteConfig,
  every: SiteContent,
  validated: ValidateResult,
  published: Diagnostic[],
  anchor: ClashAnchor,
): { routes: Route[]; diagnostics: Diagnostic[] } {
  const files = new Set(validated.leftOut.map((l) => l.file));
  if (!files.size) return { routes: [], diagnostics: [] };
  const table = buildRouteTable(config.routes, config.prepare ? config.prepare(every) : every, validated.failed, anchor);
  const said = new Set(published.map((d) => `${d.file}\0${d.message}`));
  return {
    routes: table.routes.filter((r) => r.entry && files.has(r.entry.file)),
    diagnostics: table.diagnostics.filter((d) => !said.has(`${d.file}\0${d.message}`)),
  };
}

/**
 * Where two inputs that claim one address are reported (routes.ts): at the newer one (see
 * `newestFirst`), on the front-matter line that sets the address (`slug:`, `path:`, an alias),
 * or at its start when the file name is the address, naming the others.
 */
function clashAnchor(content: Map<string, LoadedFile>, validated: ValidateResult): ClashAnchor {
  const newest = newestFirst((file) => content.get(file)?.mtimeMs);
  const unpublished = new Set(validated.leftOut.map((l) => l.file));
  const aliasOf = (input: string) => / \(alias (.*)\)$/.exec(input)?.[1];
  const written = (input: string, path: string) => {
    const record = content.get(inputFile(input))?.record;
    return record ? addressField(record.data, aliasOf(input) ?? path) : undefined;
  };
  return (inputs, path) => {
    // Failing a newer file: a draft beside a published page, an alias onto another page, an
    // address set in front matter rather than the file name.
    const ordered = newest(
      inputs,
      inputFile,
      (i) => unpublished.has(inputFile(i)),
      (i) => aliasOf(i) !== undefined,
      (i) => written(i, path) !== undefined,
    );
    const file = inputFile(ordered[0]);
    const record = content.get(file)?.record;
    if (!record) return { inputs: ordered, at: { file } };
    const field = written(ordered[0], path);
    return { inputs: ordered, at: field ? locateField(record, field, 'value') : { file, line: 1, column: 1 } };
  };
}

/** The front-matter field (or list item) holding an address: the path itself, or its last segment (a slug). */
function addressField(data: unknown, path: string): (string | number)[] | undefined {
  const slug = path.split('/').pop() ?? '';
  const matches = (v: unknown) => typeof v === 'string' && (v.replace(/\/+$/, '') === path || v === path.slice(1) || (slug !== '' && v === slug));
  if (!data || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    if (matches(value)) return [key];
    if (Array.isArray(value)) {
      const i = value.findIndex(matches);
      if (i >= 0) return [key, i];
    }
  }
  return undefined;
}

/**
 * The problems the site's own `checks` find across entries and data files, each at the line of
 * the field it names (or the file's first line when the field is not written out, e.g. a default).
 */
function siteChecks(config: SiteConfig, data: SiteContent, content: Map<string, LoadedFile>): Diagnostic[] {
  if (!config.checks) return [];
  return config.checks(data).map((p) => {
    const file = typeof p.entry === 'string' ? p.entry : p.entry.file;
    const record = content.get(file)?.record;
    const path = Array.isArray(p.field) ? p.field : [p.field];
    const where = record ? locateField(record, path, 'value') : { file };
    return { code: 'content/site-check', message: p.message, ...(p.hint ? { hint: p.hint } : {}), ...where };
  });
}

/**
 * Output files claimed twice: a public file where the build writes a page or a file of its own,
 * or two files that a case-insensitive disk would merge. (Two pages at one path are reported by
 * the route table, with every input involved.)
 */
function outputClashes(routes: Route[], publicFiles: string[], publicName: string, siteFiles: string[]): Diagnostic[] {
  const owners = new Map<string, string[]>();
  const own = (file: string, who: string) => owners.set(file, [...(owners.get(file) ?? []), who]);
  for (const r of routes) own(r.outFile, r.sources[0] ?? `the page ${r.path}`);
  for (const file of siteFiles) if (!owners.has(file)) own(file, `the generated ${file}`);
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

/** Every output file with what it is made of: public files, then generated files, then pages. */
/**
 * Every output file with what it is made of, in the order a build lists them: public files,
 * generated files, processed images, pages, then cards. `routes` are laid out already (`placed`).
 */
export function outputsOf(
  parts: SiteParts,
  publicFiles: FolderFile[],
  made: Pick<SiteState['made'], 'siteFiles' | 'cards'>,
  routes: Route[],
  site: TemplateSite,
  images: ImageSet,
  siteFolder: string,
  lazyKeys = false,
): Map<string, Output> {
  const outputs = listOutputs(parts, publicFiles, made.siteFiles, routes, site, images, siteFolder, lazyKeys);
  for (const [file, card] of made.cards) outputs.set(placed(file, siteFolder), { kind: 'card', card });
  return outputs;
}

/**
 * `lazyKeys`: each page's key made when first read (a build that took the kept site state reads
 * only those of edited pages: kept-state.ts).
 */
function listOutputs(
  parts: SiteParts,
  publicFiles: FolderFile[],
  siteFiles: Map<string, string | Uint8Array>,
  routes: Route[],
  site: TemplateSite,
  images: ImageSet,
  siteFolder = '',
  lazyKeys = false,
): Map<string, Output> {
  const outputs = new Map<string, Output>();
  const at = (file: string) => placed(file, siteFolder);
  for (const f of publicFiles)
    outputs.set(at(f.path), { kind: 'public', size: f.size, mtimeMs: f.mtimeMs, ...(f.hash ? { hash: f.hash } : {}), ...(siteFolder ? { from: f.path } : {}) });
  for (const [file, contents] of siteFiles) outputs.set(at(file), { kind: 'file', contents });
  // An encoded image is read (from the cache) only when it is written.
  for (const [file, image] of images.files)
    outputs.set(at(file), {
      kind: 'file',
      key: image.key,
      get contents() {
        return image.read();
      },
    });
  const keyOf = pageKeys(parts, routes, site, images);
  for (const route of routes) {
    if (!lazyKeys) {
      outputs.set(route.outFile, { kind: 'page', route, key: keyOf(route) });
      continue;
    }
    let key: PageKey | undefined;
    outputs.set(route.outFile, {
      kind: 'page',
      route,
      get key() {
        return (key ??= keyOf(route));
      },
    });
  }
  return outputs;
}

/** Each page's `PageKey`, from what all pages share (the site data, assets, islands and the images they show). */
function pageKeys(parts: SiteParts, routes: Route[], site: TemplateSite, images: ImageSet): (route: Route) => PageKey {
  let imageKeys: Map<Route, string> | undefined;
  const siteKey = JSON.stringify({ settings: site.settings, shared: site.shared });
  const assetsKey = JSON.stringify({ css: site.assets.css, loader: site.assets.loader });
  const { chunks } = parts.islands;
  // Page scripts are not imported by templates, so every page's key carries all of them.
  const scripts = Object.keys(chunks).filter((n) => n.startsWith('script:'));
  return (route) => {
    const deps = parts.templates?.get(route.template);
    const { entry, ...rest } = route;
    imageKeys ??= pageImageKeys(routes, images.manifest);
    return {
      site: siteKey,
      assets: assetsKey,
      template: deps?.key ?? parts.compiled.versionKey,
      islands: JSON.stringify([...(deps?.islands ?? Object.keys(chunks)), ...scripts].map((n) => chunks[n])),
      entry: entry ? entryKey(entry) : '',
      route: rest,
      images: imageKeys.get(route)!,
    };
  };
}

/**
 * Each output file's key as the build manifest records it: a string that changes whenever the
 * file would. A page's key covers the compiled site's version (every template, the generator and
 * its dependencies) and all of the template site data, not the finer parts of its `PageKey`:
 * a later build has only the manifest to compare with, and must not depend on template analysis.
 */
export function manifestKeys(state: SiteState, versionKey: string, kept?: KeptKeys): Map<string, string> {
  const siteKey = hashText(versionKey, JSON.stringify(state.site));
  const keys = new Map<string, string>();
  for (const [file, output] of state.outputs) {
    const known = output.kind === 'public' || (output.kind === 'file' && output.key !== undefined) || kept?.stale.has(file) ? undefined : kept?.keys.get(file);
    if (known !== undefined) keys.set(file, known);
    else if (output.kind === 'public') keys.set(file, output.hash ? `public:${output.hash}` : `public:${output.size}:${output.mtimeMs}`);
    else if (output.kind === 'file')
      keys.set(file, output.key ?? hashText(typeof output.contents === 'string' ? output.contents : Buffer.from(output.contents).toString('base64')));
    else if (output.kind === 'card') keys.set(file, output.card.key);
    else keys.set(file, hashText(siteKey, output.key.entry, JSON.stringify(output.key.route), output.key.images));
  }
  return keys;
}

/** Keys a previous build computed for the same outputs (kept-state.ts), except those of `stale` files. */
export interface KeptKeys {
  keys: ReadonlyMap<string, string>;
  stale: ReadonlySet<string>;
}

const entryKeys = new WeakMap<Entry, string>();

/** Takes `key` as `entry`'s, as `entryKey` computed it for the same entry in an earlier build (kept-state.ts). */
export function knowEntryKey(entry: Entry, key: string): void {
  entryKeys.set(entry, key);
}

/**
 * A hash of the whole entry. Entries of unchanged files are the same objects from one dev
 * snapshot to the next: each is hashed once.
 *
 * The body, most of an entry, is hashed as it is rather than inside the JSON: escaping it and
 * copying it into a JSON string took two thirds of the time (about 100 of 150 ms for the
 * 4,000-page bench's entries). The JSON never holds a NUL byte (it writes one as `\u0000`), so the
 * first NUL ends it, and two different entries give two different byte strings. A body is text
 * decoded from UTF-8, so it has no lone surrogate that encoding would replace.
 */
export function entryKey(entry: Entry): string {
  let key = entryKeys.get(entry);
  if (key === undefined) {
    const { body, ...rest } = entry;
    key = createHash('sha256').update(JSON.stringify(rest)).update('\0').update(body).digest('hex');
    entryKeys.set(entry, key);
  }
  return key;
}
