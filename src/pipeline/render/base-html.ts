import { withBase } from '../routes/base-path.ts';

/**
 * The attributes that hold an address the browser fetches or follows. `data-*-src`/`data-*-href`
 * and the like are included: page scripts read such attributes (a video's source, an age gate's
 * page) and use them as they are.
 */
const URL_ATTRIBUTES = /(\s(?:href|src|action|formaction|poster|data-[a-z0-9-]+))="(\/(?!\/)[^"]*)"/gi;
const SRCSET = /(\s(?:srcset|imagesrcset))="([^"]*)"/gi;

/**
 * A rendered page for a site under `base` (`/blog/`): every root-absolute address in its
 * attributes (templates' links, Markdown bodies' links, images, srcsets, scripts, stylesheets,
 * forms) gets the base, and `<html>` carries `data-base`, which browser code reads (`withBase`
 * in src/runtime/base.ts). Templates and Markdown keep writing site paths (`/post/x`), and the
 * link check reads them before this pass. Under `/` the page is returned as it is, byte for byte.
 */
export function pageUnderBase(html: string, base: string): string {
  if (base === '/') return html;
  return html
    .replace(URL_ATTRIBUTES, (_all, name: string, value: string) => `${name}="${withBase(value, base)}"`)
    .replace(SRCSET, (_all, name: string, value: string) => `${name}="${srcsetUnderBase(value, base)}"`)
    .replace(/<html(?=[\s>])/i, `<html data-base="${base}"`);
}

/** Each candidate of a srcset under the base: `"/a.avif 480w, /b.avif 960w"`. */
function srcsetUnderBase(srcset: string, base: string): string {
  return srcset
    .split(',')
    .map((candidate) => candidate.replace(/^(\s*)(\S+)/, (_all, space: string, url: string) => `${space}${withBase(url, base)}`))
    .join(',');
}
