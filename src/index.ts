/**
 * The generator's public entry point: what a site's `site.config.ts`, its templates and its own
 * modules import. Everything here is safe in the browser too (islands are bundled for it), so this
 * module re-exports only types and modules that import no `node:` module, esbuild or other
 * Node-only code; tests/unit/public-entry.test.ts bundles it for the browser to keep it so.
 */

/** Declaring a site and its content model. */
export { defineSite } from './pipeline/define-site.ts';
export type {
  ClientRuntime,
  CollectionSpec,
  ContentOf,
  ContentProblem,
  Entry,
  FeedEntry,
  JsonCollection,
  MarkdownCollection,
  MarkdownSettings,
  PageSpec,
  Redirect,
  RouteDef,
  Scaffold,
  ScaffoldInput,
  ScaffoldMake,
  ScaffoldQuestion,
  ScaffoldSpec,
  SearchOptions,
  SiteConfig,
  SiteSettings,
  SponsoredLinks,
} from './pipeline/types.ts';

/** Schema building blocks for collections: dates, date-times, site paths, image paths, slugs. */
export { dateField, dateTimeField, imagePath, sitePath, slugField, webUrl } from './pipeline/validate/fields.ts';

/** Listings leave out `unlisted: true` entries, whose pages stay published but unannounced. */
export { listed } from './pipeline/validate/listed.ts';

/** "Did you mean …": the nearest name to a mistyped one, and candidates ordered nearest first (for a site's `checks`). */
export { byCloseness, closest } from './pipeline/validate/closest.ts';

/** Social cards: how they look and what each page's card says. */
export type { CardsConfig, CardSpec, CardStyle, Route } from './pipeline/types.ts';
export type { DeployConfig, HostFunction, HostFunctionContext, HostName } from './pipeline/types.ts';

/** The template contract: the props every template receives, pages typed by their template, and islands and page scripts. */
export type { EntryPageProps, PagePlace, PageProps, RouteProps, Template, TemplateSite } from './pipeline/types.ts';
export { pageMaker } from './pipeline/routes/page-maker.ts';
export { Island, IslandScripts, PageScript, pageScriptUrl, type LoadRule } from './pipeline/render/island.tsx';
export { Cached } from './pipeline/render/cached.tsx';

/**
 * The base path of the site URL (`/blog/`, or `/`), for a template that writes site paths into a
 * script, which the build's pass over attributes leaves alone (docs/configuration.md, "Base path").
 */
export { basePathOf } from './pipeline/routes/base-path.ts';

/** Images: `<picture>` with AVIF, WebP and the original at several widths for raster files, `<img>` for SVG (docs/images.md). */
export { imageInfo, Picture, type PictureProps } from './pipeline/images/picture.tsx';
export type { ImageInfo } from './pipeline/images/image-set.ts';
export type { ImageOptions } from './pipeline/types.ts';

/** Escaping text for HTML and XML, and data for an inline script; decoding rendered HTML text. */
export { decodeHtml, escapeHtml, escapeXml, jsonForScript } from './escape.ts';

/** What a site plugs into `dev`, `preview` and the CLI: server functions and commands. */
export type { CommandContext, CommandOption, CommandSpec, FunctionContext, OpenedFunction, ServerFunction } from './pipeline/types.ts';
export { FunctionOpenError } from './serve/functions.ts';
