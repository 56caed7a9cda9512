import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isHostName } from '../pipeline/hosts/host.ts';
import { HOST_LINE } from '../pipeline/site-files/site-files.ts';
import type { HostName } from '../pipeline/types.ts';
import { matchRedirect, type RedirectRule } from './redirect-rules.ts';

/**
 * How each static host answers a request for its files, as `preview --host` serves them; tried
 * against `netlify dev --offline` 26.2 and `wrangler pages dev` 4.86 (tests/hosts/).
 * - Netlify: a file at the address wins over an unforced rule; forced rules (`!`) win over
 *   files; `/about`, `/about/` and `/about.html` all serve `about.html`; unknown addresses get
 *   `404.html`, or the target of a matching 404 rule.
 * - Cloudflare Pages: every rule before the files (200 rewrites are looked up as files again);
 *   `/about/` and `/about.html` answer 308 to `/about`, `/blog` 308 to `/blog/` for
 *   `blog/index.html`; unknown addresses get the nearest `404.html` up the folder tree.
 * - static (a plain CDN or file server, such as GitHub Pages or nginx with
 *   `try_files $uri $uri.html $uri/ =404`): files only, `/about` serves `about.html`, `/blog`
 *   answers 301 to `/blog/` for `blog/index.html`; no rules, one `404.html`.
 * Without a host (dev), rules are followed where the two hosts agree on them: an exact redirect
 * wins over the HTML page the build leaves at its address, other rules apply where no file exists.
 */
export type HostAnswer =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'file'; file: string; status: number }
  | { kind: 'not-found'; file: string | undefined };

/** What the host's file lookup finds: the file an address serves, if any. */
export interface HostFiles {
  /** The file at exactly this output path, if there is one (`about.html`, `blog/index.html`). */
  exists(file: string): boolean;
}

/** A requested address: as sent (rules match it), decoded (files are found by it), and its query. */
export interface Address {
  raw: string;
  path: string;
  search: string;
}

/** How `host` answers a GET for `at`, given the `_redirects` rules. */
export function hostAnswer(host: HostName | undefined, files: HostFiles, rules: RedirectRule[], at: Address): HostAnswer {
  switch (host) {
    case 'netlify':
      return netlifyAnswer(files, rules, at);
    case 'cloudflare':
      return cloudflareAnswer(files, rules, at);
    case 'static':
      return staticAnswer(files, at.path);
    default:
      return agreedAnswer(files, rules, at);
  }
}

const relOf = (pathname: string) => pathname.replace(/^\/+/, '').replace(/\/+$/, '');

/** Netlify: `x`, `x.html`, `x/index.html`, with or without a trailing slash. */
function netlifyFile(files: HostFiles, pathname: string): string | undefined {
  const rel = relOf(pathname);
  const candidates = rel === '' ? ['index.html'] : [rel, `${rel}.html`, `${rel}/index.html`];
  return candidates.find((c) => files.exists(c));
}

function applyRule(files: HostFiles, match: { rule: RedirectRule; to: string }, search: string, lookup: (path: string) => string | undefined): HostAnswer {
  const { rule, to } = match;
  if (rule.status >= 300 && rule.status < 400) return { kind: 'redirect', status: rule.status, location: to + (to.includes('?') ? '' : search) };
  const target = lookup(to);
  if (target) return { kind: 'file', file: target, status: rule.status };
  return { kind: 'not-found', file: files.exists('404.html') ? '404.html' : undefined };
}

function netlifyAnswer(files: HostFiles, rules: RedirectRule[], at: Address): HostAnswer {
  const served = netlifyFile(files, at.path);
  const match = matchRedirect(rules, at.raw);
  if (match && (match.rule.force || !served)) return applyRule(files, match, at.search, (to) => netlifyFile(files, to));
  if (served) return { kind: 'file', file: served, status: 200 };
  return { kind: 'not-found', file: files.exists('404.html') ? '404.html' : undefined };
}

function cloudflareAnswer(files: HostFiles, rules: RedirectRule[], at: Address): HostAnswer {
  // Cloudflare refuses 404 rules and `!`: what it would not parse, it does not follow.
  const match = matchRedirect(rules.filter((r) => r.status !== 404 && !r.force), at.raw);
  if (match) {
    if (match.rule.status >= 300 && match.rule.status < 400) return applyRule(files, match, at.search, () => undefined);
    return cloudflareAsset(files, decodeURIComponent(match.to), at.search);
  }
  return cloudflareAsset(files, at.path, at.search);
}

/** Cloudflare's asset lookup with its trailing-slash rules and nearest `404.html`. */
function cloudflareAsset(files: HostFiles, pathname: string, search: string): HostAnswer {
  const rel = relOf(pathname);
  const slash = pathname.endsWith('/');
  const to = (path: string): HostAnswer => ({ kind: 'redirect', status: 308, location: path + search });
  if (rel === '' || rel === 'index' || rel === 'index.html') {
    if (pathname === '/' && files.exists('index.html')) return { kind: 'file', file: 'index.html', status: 200 };
    if (files.exists('index.html')) return to('/');
  } else if (rel.endsWith('/index.html') || rel.endsWith('/index')) {
    const folder = rel.slice(0, rel.lastIndexOf('/index'));
    if (files.exists(`${folder}/index.html`)) return to(`/${folder}/`);
  } else if (rel.endsWith('.html') && files.exists(rel)) {
    return to(`/${rel.slice(0, -'.html'.length)}`);
  } else if (!slash && files.exists(rel)) {
    return { kind: 'file', file: rel, status: 200 };
  } else if (files.exists(`${rel}.html`)) {
    return slash ? to(`/${rel}`) : { kind: 'file', file: `${rel}.html`, status: 200 };
  } else if (files.exists(`${rel}/index.html`)) {
    return slash ? { kind: 'file', file: `${rel}/index.html`, status: 200 } : to(`/${rel}/`);
  }
  return { kind: 'not-found', file: nearestNotFound(files, rel) };
}

/** The `404.html` in the address's folder or the nearest one above it. */
function nearestNotFound(files: HostFiles, rel: string): string | undefined {
  const parts = rel.split('/').slice(0, -1);
  for (let n = parts.length; n >= 0; n--) {
    const file = [...parts.slice(0, n), '404.html'].join('/');
    if (files.exists(file)) return file;
  }
  return undefined;
}

function staticAnswer(files: HostFiles, pathname: string): HostAnswer {
  const rel = relOf(pathname);
  if (rel === '') return files.exists('index.html') ? { kind: 'file', file: 'index.html', status: 200 } : { kind: 'not-found', file: undefined };
  const slash = pathname.endsWith('/');
  if (!slash && files.exists(rel)) return { kind: 'file', file: rel, status: 200 };
  if (!slash && files.exists(`${rel}.html`)) return { kind: 'file', file: `${rel}.html`, status: 200 };
  if (files.exists(`${rel}/index.html`)) return slash ? { kind: 'file', file: `${rel}/index.html`, status: 200 } : { kind: 'redirect', status: 301, location: `/${rel}/` };
  return { kind: 'not-found', file: files.exists('404.html') ? '404.html' : undefined };
}

/** dev: exact redirects win over the page at their address; splats and rewrites apply where no file exists, unless forced. */
function agreedAnswer(files: HostFiles, rules: RedirectRule[], at: Address): HostAnswer {
  const { search } = at;
  const served = netlifyFile(files, at.path);
  const match = matchRedirect(rules, at.raw);
  const exactRedirect = !!match && !/[*:]/.test(match.rule.from) && match.rule.status >= 300 && match.rule.status < 400;
  if (match && (!served || match.rule.force || exactRedirect)) {
    const answer = applyRule(files, match, search, (to) => netlifyFile(files, to));
    if (answer.kind !== 'not-found') return answer;
  }
  if (served) return { kind: 'file', file: served, status: 200 };
  return { kind: 'not-found', file: files.exists('404.html') ? '404.html' : undefined };
}

/** The host a build wrote `dir` for, from the first line of its `_headers` (none: a plain CDN). */
export function hostOfOutput(dir: string): HostName {
  try {
    const first = readFileSync(join(dir, '_headers'), 'utf8').split('\n', 1)[0];
    const name = first.startsWith(HOST_LINE) ? first.slice(HOST_LINE.length).trim() : '';
    return isHostName(name) ? name : 'static';
  } catch {
    return 'static';
  }
}

/**
 * The base path a build wrote `dir` for (`/blog/`), from its home page's `<html data-base>`
 * (render/base-html.ts); `/` when it has none.
 */
export function baseOfOutput(dir: string): string {
  try {
    const head = readFileSync(join(dir, 'index.html'), 'utf8').slice(0, 400);
    const base = /<html\b[^>]*\sdata-base="(\/[^"]*\/)"/.exec(head)?.[1];
    return base ?? '/';
  } catch {
    return '/';
  }
}

/**
 * The home page of a built output, relative to it: `index.html`, or, for an output laid out with
 * the site in the folder of its base path (hosts/layout.ts), the page in the folder that the root
 * redirects to (`/ /blog/ 301` → `blog/index.html`); undefined when there is none (not built).
 */
export function homeOfOutput(dir: string): string | undefined {
  if (existsSync(join(dir, 'index.html'))) return 'index.html';
  let rules = '';
  try {
    rules = readFileSync(join(dir, '_redirects'), 'utf8');
  } catch {
    return undefined;
  }
  const folder = /^\/ \/((?:[^\s/]+\/)+) 301!?$/m.exec(rules)?.[1];
  return folder && existsSync(join(dir, folder, 'index.html')) ? `${folder}index.html` : undefined;
}
