// The site contract: every type a site's config, templates and modules are written against,
// all of them exported by src/index.ts (tests/unit/public-entry.test.ts holds that). What only
// the pipeline and the Node API use is in build-types.ts.
import type { ComponentType } from 'react';
import type { z, ZodType } from 'zod';

/**
 * A Markdown collection: every `.md` file under `folder` (relative to `content/`) is an entry.
 *
 * # Design decision
 * Collections are generic in their zod schema, not in the data type: `ContentOf` reads each
 * entry's type off the schema's output (`z.output`), so defaults and transforms show as the
 * validated data has them and no site writes its content types by hand. Inferring a data type
 * through `ZodType<T>` was rejected: it loses the output type of transforms.
 */
export interface MarkdownCollection<S extends ZodType = ZodType> {
  kind: 'markdown';
  folder: string;
  /** Validates the front matter. Use a strict object so unknown keys are reported. */
  schema: S;
  /**
   * Replace `{{field}}` in the body with the entry's own front-matter field, or with nothing when
   * the entry leaves it out (default: false). `'fields-only'` also makes a `{{name}}` that is no
   * field of the schema an error at its line, since it would always be empty (a typo).
   */
  placeholders?: boolean | 'fields-only';
  /**
   * Texts the site's scaffolds (`heartnotes new`) write for the editor to replace (optional). A
   * published entry whose front-matter value or body line still holds one is an error at that
   * line; a draft may keep them.
   */
  scaffoldText?: string[];
}

/** A JSON data file (relative to `content/`), validated as a whole. */
export interface JsonCollection<S extends ZodType = ZodType> {
  kind: 'json';
  file: string;
  schema: S;
}

/** A collection of either kind; a site's `collections` map names to these. */
export type CollectionSpec = MarkdownCollection | JsonCollection;

/** One Markdown file after validation. */
export interface Entry<T = Record<string, unknown>> {
  /** File name without extension; the default slug. */
  id: string;
  /** `data.slug` when set, else `id`. */
  slug: string;
  /** Path relative to the project root, e.g. `content/blog/hello-world.md`. */
  file: string;
  data: T;
  body: string;
  /** 1-based line of the file on which the body starts. */
  bodyLine: number;
  /** Set on a `draft: true` entry, which only a `drafts` build (dev) publishes. */
  draft?: true;
  /** The date (`YYYY-MM-DD`) of an entry dated after today, which only a `drafts` build (dev) publishes. */
  scheduled?: string;
  /**
   * Set on an `unlisted: true` entry: its pages are published and answer at their address, but
   * carry `noindex` (`PageProps.page.noindex`) and stay out of the sitemap, the feed and the search
   * index; the site's listings leave it out with `listed()`. For a page kept only so that old links
   * still work.
   */
  unlisted?: true;
}

/** The validated content: each collection name mapped to its entries (Markdown) or data (JSON). */
export type ContentOf<C extends Record<string, CollectionSpec>> = {
  [K in keyof C]: C[K] extends MarkdownCollection<infer S> ? Entry<z.output<S>>[] : C[K] extends JsonCollection<infer S> ? z.output<S> : never;
};

/** What every page needs to know about the site. Comes from content, not code. */
export interface SiteSettings {
  title: string;
  description: string;
  /** Absolute origin, no trailing slash, e.g. `https://example.com`. */
  url: string;
  lang: string;
  /** How the Markdown stage treats a body's links (optional; docs/configuration.md). */
  markdown?: MarkdownSettings;
  /**
   * Values any Markdown body may name as `{{site.name}}`, e.g. `{ contactEmail: 'hello@example.com' }`
   * for `[{{site.contactEmail}}](mailto:{{site.contactEmail}})`: a fact many pages state, written
   * once (optional). A name with no value is an error at its line.
   */
  values?: Record<string, string>;
}

/** The Markdown stage's site settings (`SiteSettings.markdown`). */
export interface MarkdownSettings {
  /** Links that are paid for, marked so for search engines (optional: without it, no link is). */
  sponsoredLinks?: SponsoredLinks;
}

/**
 * Which links in a Markdown body are sponsored (paid for, e.g. affiliate links) and the `rel` they
 * get. An external one still opens in a new tab with `noopener noreferrer` after these words.
 */
export interface SponsoredLinks {
  /** Hosts whose links are sponsored; subdomains match too: `shop.example` covers `www.shop.example` (default: none). */
  hosts?: string[];
  /** A link title that marks that one link as sponsored, wherever it points; the title is removed from the output (default: none). */
  markerTitle?: string;
  /** The `rel` words a sponsored link gets, space-separated (default: `sponsored nofollow`). */
  rel?: string;
}

/** One page a route produces. Everything in it must survive structured cloning. */
export interface PageSpec {
  /** Site path, e.g. `/blog/hello-world`; `/` for the home page. */
  path: string;
  /** Template name: a key of the site's `templates`. */
  template: string;
  /** Props for the template (serialisable). */
  props: Record<string, unknown>;
  /** The Markdown entry whose body is this page's main content (optional). */
  entry?: Entry;
  /** Files this page is built from; the first is named in errors about the page. */
  sources: string[];
  /** Old addresses that redirect here (optional). */
  aliases?: string[];
  /** Output file instead of the clean-URL default, e.g. `404.html` (optional). */
  outFile?: string;
  /**
   * Ask search engines not to index the page: it is left out of the sitemap and of the site's own
   * search index, and templates see `page.noindex` (default: false; true for the pages of an
   * `unlisted` entry).
   */
  noindex?: boolean;
}

/** One row of the route table. */
export interface RouteDef<Content> {
  /** Human-readable pattern, e.g. `/blog/:slug`, shown in errors and the dev planner. */
  pattern: string;
  pages: (content: Content) => PageSpec[];
}

/** What a scaffold is given: the title and slug `new` was asked for, today, and the site's content. */
export interface ScaffoldInput<Content = Record<string, unknown>> {
  title: string;
  slug: string;
  /** `YYYY-MM-DD` */
  today: string;
  /** The validated content, drafts and future-dated entries included. */
  content: Content;
  /**
   * Content files that failed to load or validate, so are not in `content`, with their text
   * (path relative to the project root): what they hold (an id, say) is still taken.
   */
  broken: { file: string; text: string }[];
  /** The values the scaffold asked for (`ScaffoldSpec.ask`), by name, as its choices spell them. */
  answers: Record<string, string>;
}

/** What `heartnotes new <kind>` writes: a function of the input, or one with the values it asks for. */
export type Scaffold<Content = Record<string, unknown>> = ScaffoldMake<Content> | ScaffoldSpec<Content>;

/** Makes the file for a scaffold: its path relative to the project root and its text. */
export type ScaffoldMake<Content = Record<string, unknown>> = (input: ScaffoldInput<Content>) => { file: string; text: string };

/** A scaffold that asks for values besides the title (`ask`), e.g. the category of a new article. */
export interface ScaffoldSpec<Content = Record<string, unknown>> {
  make: ScaffoldMake<Content>;
  /**
   * Values by name, each a `--<name>` flag of `new` (optional). Given, it must be one of `choices`
   * (in any case; the choice's own spelling is used); left out, `new` asks on a terminal and
   * otherwise stops with one sentence naming the choices. The scaffold gets them as `answers`.
   */
  ask?: Record<string, ScaffoldQuestion<Content>>;
}

/** A value a scaffold asks for. */
export interface ScaffoldQuestion<Content = Record<string, unknown>> {
  /** What it is, for `new --help` and the question on a terminal, e.g. "the topic of the entry". */
  describe: string;
  /** The values it may take, from the site's content (drafts included). */
  choices: (content: Content) => string[];
}

/** A problem a site's `checks` found: the entry (or its file), the field, and what to do. */
export interface ContentProblem {
  /** The entry, or a content file's path relative to the project. */
  entry: Entry | string;
  /** The front-matter field (or data path) the problem is in, e.g. `category` or `['groups', 0, 'id']`. */
  field: string | (string | number)[];
  /** What is wrong, as one sentence. */
  message: string;
  /** How to fix it (optional). */
  hint?: string;
}

export interface FeedEntry {
  path: string;
  title: string;
  /** `YYYY-MM-DD` */
  date: string;
  summary: string;
  author?: string;
}

export interface SiteConfig<C extends Record<string, CollectionSpec> = Record<string, CollectionSpec>> {
  /** Folder of editors' files (default: `content`). */
  contentDir?: string;
  /** Folder copied verbatim into the output (default: `public`). */
  publicDir?: string;
  /** Global stylesheet, bundled and content-hashed. */
  styles?: string;
  collections: C;
  settings: (content: ContentOf<C>) => SiteSettings;
  /** Data every template receives as `site.shared` (optional). */
  shared?: (content: ContentOf<C>) => Record<string, unknown>;
  routes: RouteDef<ContentOf<C>>[];
  templates: Record<string, Template>;
  /** Extra redirects, e.g. from a data file of outbound links (optional). */
  redirects?: (content: ContentOf<C>) => Redirect[];
  /** Extra output files generated from content, e.g. a PDF, by output path (optional). */
  files?: (content: ContentOf<C>) => Record<string, string | Uint8Array>;
  /**
   * Templates for `heartnotes new <kind> <title>` (optional). Each is given the validated content,
   * drafts and scheduled entries included, to pick what depends on it (the next free id, say).
   */
  scaffolds?: Record<string, Scaffold<ContentOf<C>>>;
  /**
   * Rules across entries and data files that no one schema can check, e.g. that an entry's
   * category is one a data file lists (optional). Each problem names the entry and field; the
   * build reports it at that field's line. Runs on the content the build publishes.
   */
  checks?: (content: ContentOf<C>) => ContentProblem[];
  /**
   * The content the site's functions (settings, routes, shared data, redirects, files, feed) are
   * given, made from the validated content after `checks` passed, e.g. with a name an entry wrote
   * in another case replaced by its canonical spelling (optional; default: the content as
   * validated). Return every entry that does not change as it is, the same object: pages are
   * re-rendered by the entries they hold.
   */
  prepare?: (content: ContentOf<C>) => ContentOf<C>;
  /** Entries of the Atom feed, newest first (optional). */
  feed?: (content: ContentOf<C>) => { title: string; entries: FeedEntry[] };
  /** How islands are bundled for the browser (optional). */
  islands?: {
    /** The framework island chunks hydrate with (default: `react`). Pages are always rendered with React. */
    runtime?: ClientRuntime;
    /** Folder of island components, one `.tsx` module each (default: `templates/islands`). */
    dir?: string;
    /** Folder of page scripts, one `.ts` module each (default: `templates/scripts`). */
    scriptsDir?: string;
  };
  /**
   * Server functions `dev` and `preview` mount, by path prefix such as `/api/` (optional). Each is
   * opened when the server starts and closed when it stops. Every build and render worker imports
   * the config, so a function loads its code when called, with `import()`.
   */
  functions?: Record<string, ServerFunction>;
  /** Commands the CLI adds beside its own, by name: `heartnotes <name> ...` (optional). */
  commands?: Record<string, CommandSpec>;
  /** `robots.txt`: paths crawlers are asked to stay out of, e.g. `['/api/']` (default: none). */
  robots?: { disallow?: string[] };
  /**
   * `_headers` rules in the order written: response headers by path pattern, e.g.
   * `{ '/*': { 'X-Frame-Options': 'DENY' } }` (default: none). Hashed assets under `/assets/`
   * always get a year of immutable caching unless a rule for `/assets/*` says otherwise.
   */
  headers?: Record<string, Record<string, string>>;
  /** Where the site is deployed, and the functions that host runs beside the files (optional). */
  deploy?: DeployConfig;
  /**
   * Social cards: a 1200×630 PNG per page for link previews (`og:image`), drawn by the build
   * (optional). Templates find a page's card address at `page.card`.
   */
  cards?: CardsConfig;
  /** A static search index of the pages under `/search-index/`, queried in the browser with `src/search-client.ts` (optional; default: none). See `SearchOptions`. */
  search?: SearchOptions;
  /** How raster images (JPEG, PNG, WebP, GIF, AVIF) are encoded and offered; see `ImageOptions` and docs/images.md (optional). */
  images?: ImageOptions;
}

/**
 * The image step: every raster image a page shows is encoded at several widths (never wider than
 * the file) in each of `formats` plus its own format, and shown as a `<picture>` (docs/images.md).
 */
export interface ImageOptions {
  /** Widths to encode, in pixels; the file's own width is added when it is narrower than the widest (default: 480, 800, 1200, 1600). */
  widths?: number[];
  /** Modern formats offered as `<source>`s, best first (default: `['avif', 'webp']`). */
  formats?: ('avif' | 'webp')[];
  /** Encoder quality per format, 1–100 (default: avif 50, webp 75, jpeg 78, png 80, gif 80). */
  quality?: Partial<Record<'avif' | 'webp' | 'jpeg' | 'png' | 'gif', number>>;
  /** The `sizes` attribute when a page gives none (default: `(max-width: 800px) 100vw, 800px`). */
  sizes?: string;
  /**
   * Files left as they are: site paths of files in `public/` (or project paths of files beside the
   * content), exact or ending in `*` as a prefix, e.g. a link-preview image no page shows (default: none).
   */
  exclude?: string[];
}

/**
 * What the search index holds. Only pages whose HTML marks an element with `data-pagefind-body`
 * are indexed: that element's text, less any element marked `data-pagefind-ignore`.
 */
export interface SearchOptions {
  /** Page paths never indexed, exact or ending in `*` as a prefix, e.g. `['/404*']` (optional). */
  exclude?: string[];
  /**
   * Characters of each page's text indexed, from the start of its marked element (default: all).
   * The index's build time grows with the text; a cap keeps large sites' builds short.
   */
  maxChars?: number;
  /**
   * Characters indexed across the whole site (default: no limit): each page gets an equal share
   * (this divided by the number of pages), from the start of its marked element, within
   * `maxChars`. A small site's pages are indexed whole; a large site's build time stays bounded.
   */
  maxTotalChars?: number;
  /**
   * Most files the pages' entries (address, title, text for the excerpt) are stored in (default:
   * one per page). A large site's index then has fewer files to write and move in, and a result's
   * excerpt comes in a file shared with a few other pages. Shared among the index's parts: each
   * gets this divided by the number of parts, rounded up, as its page files (`pages/<n>.json`).
   */
  maxFragmentFiles?: number;
  /**
   * Most pages in one part of the index (default: 1,000). Each part is made and let go of while
   * the next fills, and an edit makes again only the part its page is in; the browser queries
   * every part (listed in `search-index/parts.json`).
   */
  maxPagesPerIndex?: number;
}

/** What a server function is given when it opens. */
export interface FunctionContext {
  /** The project folder. */
  root: string;
  /** Prints a line in the server's terminal. */
  log: (line: string) => void;
  /** Where the function answers, as a reader's browser asks for it: its prefix (`/api/`), under the site's base path when there is one (`/blog/api/`). */
  path: string;
}

/** An opened server function: its web-standard handler and how to close what it holds. */
export interface OpenedFunction {
  handler: (request: Request) => Promise<Response>;
  close(): Promise<void>;
}

/**
 * Opens a server function. Rejecting with a `FunctionOpenError` (src/serve/functions.ts) stops
 * the server at start with that message; any other error is a bug and prints its stack.
 */
export type ServerFunction = (context: FunctionContext) => Promise<OpenedFunction>;

/** A CLI command a site adds (see `SiteConfig.commands`). */
export interface CommandSpec {
  /** One line for `--help`. */
  description: string;
  /** Its flags (optional). */
  options?: CommandOption[];
  /** Subcommands by name (optional). */
  subcommands?: Record<string, CommandSpec>;
  /**
   * Runs the command with its flags' values by camel-cased name (`--email` → `email`) and
   * resolves to the exit code: 0 done, 1 failed, 2 wrong usage. It prints its own output
   * (optional when it has subcommands).
   */
  action?: (options: Record<string, string | boolean | undefined>, context: CommandContext) => Promise<number>;
}

/** A flag of a site's command, e.g. `{ flags: '--email <address>', description: '…', required: true }`. */
export interface CommandOption {
  flags: string;
  description: string;
  /** The command refuses to run without it (default: false). */
  required?: boolean;
}

/** What a site's command is given besides its flags. */
export interface CommandContext {
  /** The project folder (`--root`). */
  root: string;
}

/**
 * The framework in the islands' browser bundle. `preact` resolves `react`, `react-dom` and
 * `react-dom/client` to `preact/compat` in that bundle only.
 */
export type ClientRuntime = 'react' | 'preact';

/**
 * The static hosts `build --host` writes for. `netlify` and `cloudflare` (Pages) read `_redirects`
 * and `_headers` and run functions; `static` is any plain CDN or file server: files only, the
 * redirects as small HTML pages, one `404.html`.
 */
export type HostName = 'netlify' | 'cloudflare' | 'static';

export interface DeployConfig {
  /** The host `build` writes for when `--host` is not given (default: `static`). */
  host?: HostName;
  /**
   * Functions for hosts that run them, by path prefix such as `/api/`: each a module (relative
   * to the project, or to the folder of the site.config.ts that a re-exporting config points at)
   * whose default export is a `HostFunction`. The build bundles each for the
   * host: `.netlify/v1/functions/` in the project for Netlify, `_worker.js` and `_routes.json`
   * in the output for Cloudflare Pages. `dev` and `preview` run `functions` instead.
   */
  functions?: Record<string, string>;
}

/**
 * A server function as a serverless host runs it: web-standard, given the host's environment
 * variables (or Cloudflare's bindings) and the client's address as the host reports it.
 */
export type HostFunction = (request: Request, context: HostFunctionContext) => Promise<Response>;

/** What a host gives a `HostFunction` besides the request. */
export interface HostFunctionContext {
  env: Record<string, string | undefined>;
  /** The client's address as the host reports it (optional: absent where the host does not say). */
  clientAddress?: string;
  /**
   * Keeps the function's instance alive until `work` settles, after the response is sent:
   * closing a connection, sending mail (Cloudflare's `ctx.waitUntil`, Netlify's
   * `context.waitUntil`). Absent where the host has none: then await the work before answering.
   */
  waitUntil?: (work: Promise<unknown>) => void;
}

/** A page ready to render: its spec plus where it goes. */
export interface Route extends PageSpec {
  outFile: string;
  /** The address of the page's social card, e.g. `/cards/blog/hello.png`, when it has one. */
  card?: string;
}

/** How a site's social cards look, and what each page's card says. */
export interface CardsConfig {
  style: CardStyle;
  /** What a page's card shows, or undefined for a page without one. */
  of: (page: Route) => CardSpec | undefined;
}

/** What one card says: a title, a short label above it (a category, say) and an image beside it. */
export interface CardSpec {
  title: string;
  label?: string;
  /** A site path of an SVG or raster file in the public folder, e.g. `/images/cover.svg` (optional). */
  image?: string;
}

/**
 * How every card looks: colours as `#rrggbb`; fonts as TTF, OTF or WOFF files, each relative to
 * the project (`fonts/title.ttf`) or in a package (`@fontsource/lora/files/lora-latin-700-normal.woff`).
 */
export interface CardStyle {
  background: string;
  title: { font: string; color: string };
  label: { font: string; color: string };
  /** The short rule under the label. */
  accent: string;
  /** The bottom bar: its colour and its text (the site's name, say). */
  bar: { color: string; text: string; textColor: string };
}

export interface Redirect {
  from: string;
  to: string;
  status: number;
  /** Write a small HTML page at `from` too, for hosts that ignore `_redirects` (default: true). */
  htmlPage?: boolean;
  source?: string;
}

/** Context every template receives as the `site` prop; `Shared` is what the config's `shared` returns. */
export interface TemplateSite<Shared = Record<string, unknown>> {
  settings: SiteSettings;
  shared: Shared;
  assets: {
    css: string[];
    /** Island name → chunk URL, for every island of the site. */
    islands: Record<string, string>;
    /** The inline island loader (see src/runtime/loader.ts). */
    loader: string;
  };
}

/**
 * Props every template receives, besides its route's own. `Data` is the front matter of the
 * page's Markdown entry, `Shared` what the config's `shared` returns (both as the template
 * declares them: the route table names templates by string, so they are not checked against it).
 */
export interface PageProps<Data = Record<string, unknown>, Shared = Record<string, unknown>> {
  site: TemplateSite<Shared>;
  page: {
    path: string;
    /** Absolute canonical URL. */
    url: string;
    /** Rendered, sanitised HTML of the page's Markdown body ('' when it has none). */
    html: string;
    entry?: Entry<Data>;
    /** Renders a Markdown snippet (an FAQ answer, say) through the same sanitising pipeline. */
    markdown: (source: string) => string;
    /** The address of the page's social card, when the site draws cards (see `SiteConfig.cards`). */
    card?: string;
    /**
     * Set when the page's entry is a draft. Only `dev` (and `build --drafts`) render such a page,
     * so a template can mark it ("Draft — not published") knowing a real build never shows that.
     */
    draft?: true;
    /** The entry's future date (`YYYY-MM-DD`) when it is scheduled; as `draft`, never set by a real build. */
    scheduled?: string;
    /** Set when the route asks search engines not to index the page (`PageSpec.noindex`, an `unlisted` entry): render `<meta name="robots" content="noindex">`. */
    noindex?: true;
  };
}

/** Props of a template whose routes always give the page a Markdown entry with front matter `Data`. */
export type EntryPageProps<Data, Shared = Record<string, unknown>> = PageProps<Data, Shared> & { page: { entry: Entry<Data> } };

/**
 * A page template: a React component taking `PageProps` and its route's own props.
 *
 * # Design decision
 * Each template declares its own props type. A registry of templates holds components of many
 * props types, so its element type is left open (`any`); the seam is typed where pages are made:
 * `pageMaker(templates)` gives a `page(template, props, spec)` whose `template` must be a key of
 * the registry and whose `props` must be that template's (`RouteProps`), so a misspelt template
 * or a wrong prop is a type error in the route table, not a blank page.
 */
export type Template = ComponentType<any>;

/** The props a template takes from its routes: its own, without the `site` and `page` every template receives. */
export type RouteProps<T> = T extends ComponentType<infer P> ? OwnProps<Omit<P, keyof PageProps>> : never;

/** A template's own props; none at all is `Record<string, never>`, so a stray prop is an error too. */
type OwnProps<P> = [keyof P] extends [never] ? Record<string, never> : P;

/** A `PageSpec` without its template and props, which `pageMaker`'s `page` takes apart and checks. */
export type PagePlace = Omit<PageSpec, 'template' | 'props'>;
