/**
 * Every diagnostic code the generator reports, each with one line on what it means. A code is a
 * stable name: tools, tests and people match on it, so none is ever renamed; a new problem gets a
 * new code here first, and `Diagnostic.code` accepts only these (the compiler checks every place
 * that makes or compares one). The messages themselves are in messages.ts.
 */
export const DIAGNOSTIC_CODES = {
  // Reading content files (src/pipeline/load/)
  'content/yaml-syntax': 'Front matter that is not valid YAML, at the character the parser stopped at.',
  'content/front-matter-unclosed': 'A file opens front matter with "---" and never closes it.',
  'content/front-matter-close-line': 'A line that would close the front matter holds more than "---" and a comment.',
  'content/json-syntax': 'A JSON data file that does not parse, at the place it fails.',
  'content/not-utf8': 'A content file that is not UTF-8 text, at its first byte that starts no UTF-8 character.',
  'content/control-character': 'An invisible control character in a content file or a field (written raw or as an escape).',
  'content/broken-link': 'A symbolic link in the content folder that leads nowhere or into a loop.',
  'content/unsafe-file-name': 'A Markdown file whose name, which is its address, holds characters no address may.',
  'content/no-collection': 'A content file in no collection\'s folder, so it would never be published.',
  'content/missing-file': 'The data file a JSON collection reads does not exist.',
  // Validating content against the collections' schemas (src/pipeline/validate/)
  'content/missing-field': 'A required field is missing.',
  'content/wrong-type': 'A field holds the wrong kind of value (text for a number, a list for text, ...).',
  'content/invalid-value': 'A field\'s value breaks its schema\'s rule (too short, not one of the choices, a bad path, ...).',
  'content/impossible-date': 'A date that does not exist on the calendar, such as 2025-02-30.',
  'content/unknown-key': 'A field the collection does not declare, usually a typo; the hint names the nearest field.',
  'content/duplicate-slug': 'Two entries of one collection with the same slug, so the same address.',
  'content/unknown-placeholder': 'A {{field}} in a Markdown body that names no field of its collection.',
  'content/unknown-site-value': 'A {{site.name}} in a Markdown body that names no value of the site settings.',
  'content/scaffold-text': 'An entry still holding the placeholder text `heartnotes new` wrote.',
  'content/site-check': 'A problem the site\'s own `checks` found in its content.',
  // Markdown bodies (src/pipeline/markdown/)
  'markdown/too-deep': 'Lists or quotes nested deeper than the parser can read in reasonable time.',
  'markdown/unsafe-link': 'A link or image address with a scheme pages do not keep, which would do nothing.',
  // The route table and the files beside the pages (src/pipeline/routes/, site-files/)
  'routes/duplicate-output': 'Two inputs make the same page (output file).',
  'routes/invalid-alias': 'An alias that is not a site path.',
  'routes/unsafe-path': 'An address that cannot be published as a file (empty or dot segments, characters a URL must escape, ...).',
  'routes/case-collision': 'Output paths that differ only in letter case or Unicode form, so they overwrite each other on macOS and Windows.',
  'public/clash': 'A file in the public folder with the output path of a file the build makes.',
  'public/broken-link': 'A symbolic link in the public folder that leads nowhere or into a loop.',
  // Links and images in the rendered pages (src/pipeline/links/, images/)
  'links/dead': 'A link to no page or file of the site.',
  'links/base-in-link': 'A link with the site\'s base path written in it (/blog/x under the base /blog/), which the build adds itself.',
  'links/dead-anchor': 'A link to an anchor (#id) its target page does not have.',
  'links/unpublished': 'A link to a draft or a scheduled entry, which is not published.',
  'links/missing-image': 'An image that names no file of the public folder, nor one beside the Markdown file.',
  'links/malformed-escape': 'An image address with a "%" that is not a valid %-escape, so it names no file.',
  'images/unreadable': 'An image file that cannot be decoded (not an image, truncated, too many pixels).',
  'cards/undrawable-text': 'A warning: characters of a page\'s title or label the social card\'s fonts cannot draw.',
  // Compiling and running the site's code (src/pipeline/compile/, bundle/, hosts/, render/)
  'config/missing': 'No site.config.ts in the project folder.',
  'config/compile': 'The site configuration or a template does not compile.',
  'config/load': 'The site configuration or a template threw while loading.',
  'styles/compile': 'The stylesheet could not be bundled.',
  'islands/compile': 'An island could not be bundled for the browser.',
  'islands/runtime': 'HEARTNOTES_CLIENT_RUNTIME names a browser runtime that does not exist.',
  'deploy/function': 'A function in deploy.functions could not be bundled for the host.',
  'render/failed': 'A template threw while rendering a page.',
  // Writing the output (src/pipeline/write/)
  'output/write-failed': 'A file of the output could not be written (disk full, permissions); the previous output stays.',
  'output/linked-folder': 'A project folder the build writes a host\'s files into (netlify/, ...) is a symbolic link, which a build never writes through.',
  // The dev server (src/dev/)
  'dev/error': 'An unexpected error during a dev rebuild, shown until the next edit.',
} as const satisfies Record<string, string>;

/**
 * Codes made from a name: `content/duplicate-<field>` for a field a collection declares unique
 * (`content/duplicate-id`), one code per field so each can be matched on its own.
 */
export const DIAGNOSTIC_CODE_FAMILIES = {
  'content/duplicate-': 'Two entries of one collection with the same value of a field it declares unique; the code ends in the field\'s name.',
} as const satisfies Record<string, string>;

/** A code from the catalogue, or one of a family's. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES | `${keyof typeof DIAGNOSTIC_CODE_FAMILIES}${string}`;

/** Whether `code` is in the catalogue or one of its families (for codes read back from text). */
export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTIC_CODES, code) || Object.keys(DIAGNOSTIC_CODE_FAMILIES).some((prefix) => code.startsWith(prefix) && code.length > prefix.length);
}
