import type { HostName } from '../types.ts';

/**
 * Where a build puts the site's files in its output folder, for hosts that serve a deploy at the
 * root of its address.
 *
 * # Design decision
 * Netlify and Cloudflare Pages serve the output folder as the root of the site's address and read
 * `_redirects`, `_headers` (and Cloudflare's `_worker.js`, `_routes.json`) only there. A site
 * under a base path (`https://x.example/blog/`) built for them is therefore laid out as the host
 * will serve it: the site's files in `blog/` (`dist/blog/index.html` answers `/blog/`), the files
 * the host reads at its root beside that folder, with paths that already carry `/blog/`, and
 * `robots.txt` at the root too, the only place crawlers read it. Inside the build every output is
 * still known by its site path (`index.html`, `post/x.html`): only the output's file names carry
 * the folder, so links are checked and search records made as for a site at the root.
 * A plain CDN keeps the flat layout (`dist/` holds the contents of `/blog/`, copied into the
 * bucket's `blog/` folder): it may be one folder of a bigger site, whose root is not this
 * build's to fill; `preview` serves both layouts as the host does. dev serves from its own folder
 * under the base and is never laid out.
 */

/** The files a host reads only at the root of a deploy, and `robots.txt`, which crawlers read only there. */
const ROOT_FILES = new Set(['_redirects', '_headers', '_worker.js', '_routes.json', 'robots.txt']);

/**
 * The folder of the output the site's files go in (`blog/` for the base path `/blog/` on Netlify
 * or Cloudflare Pages), or `''` when they go at its root (no base path, a plain CDN).
 */
export function siteFolderOf(host: HostName, base: string): string {
  return host === 'static' || base === '/' ? '' : base.slice(1);
}

/** The output file of a site file in `folder` (`post/x.html` → `blog/post/x.html`); root files stay. */
export function placed(file: string, folder: string): string {
  return folder === '' || ROOT_FILES.has(file) ? file : `${folder}${file}`;
}

/** The site file an output file holds (`blog/post/x.html` → `post/x.html`): the inverse of `placed`. */
export function sitePathOfFile(file: string, folder: string): string {
  return folder !== '' && file.startsWith(folder) ? file.slice(folder.length) : file;
}
