/**
 * The base path: the folder of the host a site is served under (`/blog/` for
 * `https://x.example/blog/`), `/` for a site at the host's root. Templates, Markdown, the route
 * table and the rules files all speak of site paths (`/post/x`); the build turns them into
 * addresses under the base at the edges: the rendered page (base-html.ts), the islands' chunk
 * imports, the search index, `_redirects` and `_headers` (docs/configuration.md, "Base path").
 */

/** The base path of a site URL: its path with a trailing slash (`/blog/`), or `/`. */
export function basePathOf(siteUrl: string): string {
  let path: string;
  try {
    path = new URL(siteUrl).pathname;
  } catch {
    return '/';
  }
  return path.endsWith('/') ? path : `${path}/`;
}

/** A root-absolute site path under `base` (`/post/x` → `/blog/post/x`); anything else as it is. */
export function withBase(path: string, base: string): string {
  if (base === '/' || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${base}${path.slice(1)}`;
}

/** The site path of an address under `base` (`/blog/post/x` → `/post/x`, `/blog` → `/`); undefined outside it. */
export function withoutBase(pathname: string, base: string): string | undefined {
  if (base === '/') return pathname;
  if (pathname === base.slice(0, -1)) return '/';
  return pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : undefined;
}

/**
 * A `_redirects` or `_headers` file with each path it names passed through `map`: a redirect
 * line's source and target, a header rule's pattern. Comments, headers and absolute URLs stay.
 */
export function mapRuleFile(text: string, kind: 'redirects' | 'headers', map: (path: string) => string): string {
  const fields = kind === 'redirects' ? 2 : 1;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s/.test(line) || line.startsWith('#') || line === '') return line;
      const parts = line.split(/( +)/);
      for (let i = 0; i < fields * 2 && i < parts.length; i += 2) parts[i] = map(parts[i]);
      return parts.join('');
    })
    .join('\n');
}

/** The rules files as the build writes them for a site under `base`: every path under it. */
export const rulesUnderBase = (text: string, kind: 'redirects' | 'headers', base: string): string =>
  base === '/' ? text : mapRuleFile(text, kind, (path) => withBase(path, base));
