// The generator's one escaper: text into HTML and XML, data into an inline <script>, text into a
// regular expression, and back from the few entities rendered HTML contains. Import-free, so the
// build, the dev server, templates, islands and a site's server functions all use these same
// functions (through src/index.ts).

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text made safe inside HTML element content or a double-quoted attribute value: `&`, `<`, `>`
 * and `"` become entities. Every attribute this generator writes is double-quoted, so `'` is left
 * as it is.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => HTML_ENTITIES[c]);
}

/**
 * Text made safe inside XML content or an attribute value (sitemap, feed): as `escapeHtml`, and
 * `'` becomes `&apos;`, the entity XML predefines (HTML 4 does not, which is why `escapeHtml`
 * leaves `'` alone).
 */
export function escapeXml(text: string): string {
  return escapeHtml(text).replace(/'/g, '&apos;');
}

/**
 * JSON for the inside of a `<script>` element (structured data, page data, the island loader):
 * `<`, `>`, `&` and the JavaScript line separators U+2028 and U+2029 are written as `\u` escapes,
 * so text such as `</script>` in content cannot close the element. The value parses the same.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text that matches itself literally inside a regular expression: every special character gets a backslash. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const DECODED: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * Undoes the escaping react-dom and `escapeHtml` write (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
 * `&#x27;`, `&#39;`), in one pass, so `&amp;lt;` reads back as `&lt;`. Other entities are left as
 * written.
 */
export function decodeHtml(html: string): string {
  return html.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => DECODED[entity]);
}
