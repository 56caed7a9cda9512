import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import { escapeRegExp } from '../../escape.ts';
import { outputFileProblem, sitePathProblem } from '../write/output-paths.ts';
import type { PageSpec, Redirect, Route, RouteDef } from '../types.ts';

export interface RouteTable {
  routes: Route[];
  redirects: Redirect[];
  diagnostics: Diagnostic[];
  /** Patterns of the route rows that threw, so made no pages: links to them are not dead links. */
  failed: string[];
}

/**
 * `/about` → `about.html`; `/` → `index.html`. The one place clean URLs are decided.
 *
 * # Design decision
 * `about.html` rather than `about/index.html`: static hosts (Netlify, Cloudflare Pages, GitHub
 * Pages, Vercel with cleanUrls) serve both at `/about`, and the flat form needs no folder per page,
 * which halves the file-system operations of a build; on this project's CI disks creating a
 * folder costs as much as writing a page. Hosts that only know `index.html` (plain S3 website
 * hosting, a bare nginx) need one rewrite rule; docs/deploying.md, "Any other host", gives it.
 */
export function outFileFor(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}.html`;
}

/** Normalises a site path: leading slash, no trailing slash (except the root), no query. */
export function normalisePath(path: string): string {
  const p = `/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

/**
 * Expands the route table into one route per page plus the alias redirects, and rejects any two
 * inputs that would write the same file, naming every input involved. `broken` lists the entries
 * left out for errors already reported (optional): a row that throws naming one of them (a card
 * pointing to that entry) is that same mistake, so it is not reported again.
 */
export function buildRouteTable<Content>(defs: RouteDef<Content>[], content: Content, broken: BrokenEntry[] = [], anchor: ClashAnchor = firstInput): RouteTable {
  const diagnostics: Diagnostic[] = [];
  const routes: Route[] = [];
  const redirects: Redirect[] = [];
  const failed: string[] = [];
  const claims = new Map<string, string[]>();
  const claim = (outFile: string, who: string) => claims.set(outFile, [...(claims.get(outFile) ?? []), who]);

  for (const def of defs) {
    let pages: PageSpec[];
    try {
      pages = def.pages(content);
    } catch (error) {
      const reason = (error as Error).message;
      failed.push(def.pattern);
      if (!namesBrokenEntry(reason, broken)) diagnostics.push({ ...messages.renderFailed(def.pattern, reason) });
      continue;
    }
    for (const page of pages) {
      const path = normalisePath(page.path);
      const outFile = page.outFile ?? outFileFor(path);
      const problem = sitePathProblem(page.path.startsWith('/') ? page.path : `/${page.path}`) ?? outputFileProblem(outFile);
      if (problem) {
        diagnostics.push({ ...messages.unsafePath(page.path, problem), file: page.sources[0] });
        continue;
      }
      const who = page.sources[0] ?? `route ${def.pattern}`;
      claim(outFile, who);
      // An unlisted entry's pages answer at their address but are not announced (Entry.unlisted).
      routes.push({ ...page, path, outFile, ...(page.entry?.unlisted ? { noindex: true } : {}) });
      for (const alias of page.aliases ?? []) {
        const aliasProblem = sitePathProblem(alias);
        if (aliasProblem) {
          diagnostics.push({ ...messages.invalidAlias(alias, aliasProblem), file: page.sources[0] });
          continue;
        }
        const from = normalisePath(alias);
        claim(outFileFor(from), `${who} (alias ${from})`);
        redirects.push({ from, to: path, status: 301, source: page.sources[0] });
      }
    }
  }

  for (const [outFile, inputs] of claims) {
    if (inputs.length < 2) continue;
    const path = outFile === 'index.html' ? '/' : `/${outFile.replace(/\.html$/, '')}`;
    const anchored = anchor(inputs, path);
    diagnostics.push({ ...messages.duplicateRoute(path, anchored.inputs), ...anchored.at });
  }

  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  redirects.sort((a, b) => (a.from < b.from ? -1 : 1));
  return { routes, redirects, diagnostics, failed };
}

/**
 * Where a clash of inputs at one address is reported: the inputs in the order the message names
 * them, the one that causes it first, and its place (file, line, column).
 */
export type ClashAnchor = (inputs: string[], path: string) => { inputs: string[]; at: Pick<Diagnostic, 'file' | 'line' | 'column' | 'frame'> };

/** The default anchor: the first input, at its file. */
const firstInput: ClashAnchor = (inputs) => ({ inputs, at: { file: inputFile(inputs[0]) } });

/** The file an input of the route table names: `content/pages/a.md (alias /b)` → `content/pages/a.md`. */
export const inputFile = (input: string): string => input.replace(/ \(alias .*\)$/, '');

/** An entry left out because of an error in its file, and the slug its page would have. */
export interface BrokenEntry {
  file: string;
  slug: string;
}

/** Whether an error message names a broken entry by its slug or file (as a whole word). */
export function namesBrokenEntry(reason: string, broken: BrokenEntry[]): boolean {
  return broken.some((b) => [b.slug, b.file].some((name) => new RegExp(`(^|[^\\w-])${escapeRegExp(name)}($|[^\\w-])`).test(reason)));
}

/**
 * Whether a site path is one a route pattern (`/guides, /guides/page/:n`, `/{page}`) describes:
 * a `:name` stands for one path segment; a `{name}`, for an address the content chooses (a page's
 * own `path:`, the home page's `/` among them), so for any path.
 */
export function matchesRoutePattern(pattern: string, path: string): boolean {
  return pattern.split(/,\s*/).some((one) => {
    if (/\{\w+\}/.test(one)) return true;
    const source = one.trim().split(/(:\w+)/).map((part, i) => (i % 2 ? '[^/]+' : escapeRegExp(part))).join('');
    return new RegExp(`^${source}/?$`).test(path);
  });
}
