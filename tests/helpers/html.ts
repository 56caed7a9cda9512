/** Small readers for built HTML: enough to assert on head tags without a DOM. */

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Attributes of every `<tag …>` in the document, in order. */
export function tags(html: string, tag: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attrs: Record<string, string> = {};
    for (const a of m[1].matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attrs[a[1].toLowerCase()] = decode(a[2] ?? '');
    out.push(attrs);
  }
  return out;
}

/** The `content` of `<meta name=…>` or `<meta property=…>`. */
export function meta(html: string, key: string): string | undefined {
  return tags(html, 'meta').find((m) => m.name === key || m.property === key)?.content;
}

/** The `href` of the first `<link rel=…>`. */
export function linkHref(html: string, rel: string): string | undefined {
  return tags(html, 'link').find((l) => l.rel === rel)?.href;
}

/** The text of the `<title>`. */
export function title(html: string): string | undefined {
  const m = /<title>([^<]*)<\/title>/.exec(html);
  return m ? decode(m[1]) : undefined;
}
