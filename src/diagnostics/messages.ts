import type { Diagnostic } from './diagnostic.ts';

/** How a link in content/ or public/ fails to lead to a file (`BrokenLink` in list-folder.ts). */
type BrokenLinkProblem = 'loop' | 'link-loop' | 'dangling';

type Located = Pick<Diagnostic, 'file' | 'line' | 'column' | 'frame'>;

/**
 * Every message the generator prints about user input, in one place. Each entry takes the facts
 * it needs and returns a complete diagnostic (minus location, which the caller adds).
 */
export const messages = {
  yamlSyntax: (reason: string): Omit<Diagnostic, keyof Located> => ({
    code: 'content/yaml-syntax',
    message: `front matter is not valid YAML: ${reason}`,
    hint: 'check the indentation and quoting on this line; a value that contains ": " or starts with a special character needs quotes',
  }),
  frontMatterUnclosed: () => ({
    code: 'content/front-matter-unclosed',
    message: 'front matter starts with "---" but is never closed',
    hint: 'add a line with only "---" after the last field',
  }),
  frontMatterCloseLine: (line: string) => ({
    code: 'content/front-matter-close-line',
    message: `the line "${line}" would close the front matter, but a closing "---" may be followed only by spaces or a # comment`,
    hint: 'make it a line with only "---" (or "--- # a comment"), and move what follows it onto the next line',
  }),
  jsonSyntax: (reason: string) => ({
    code: 'content/json-syntax',
    message: `not valid JSON: ${reason}`,
    hint: 'check for a missing comma, a trailing comma or an unquoted key near this position',
  }),
  scaffoldText: (where: string) => ({
    code: 'content/scaffold-text',
    message: `${where === 'the body' ? 'this line of the body' : `"${where}"`} is still the placeholder text from \`heartnotes new\``,
    hint: 'write the entry\'s own text here (a draft, `draft: true`, may keep it until it is published)',
  }),
  missingField: (field: string, collection: string, expected: string) => ({
    code: 'content/missing-field',
    message: `"${field}" is required in ${collection} and is missing`,
    hint: `add a "${field}:" line with ${expected}`,
  }),
  wrongType: (field: string, expected: string, received: string) => ({
    code: 'content/wrong-type',
    message: `"${field}" should be ${expected}, but it is ${received}`,
    hint: `change "${field}" to ${expected}`,
  }),
  invalidValue: (field: string, problem: string, hint: string) => ({
    code: 'content/invalid-value',
    message: `"${field}" ${problem}`,
    hint,
  }),
  impossibleDate: (field: string, value: string, why: string) => ({
    code: 'content/impossible-date',
    message: `"${field}" is not a real date: ${value} (${why})`,
    hint: 'write a day that exists as YYYY-MM-DD: the month from 01 to 12, the day within that month (February has 29 days only in leap years)',
  }),
  unknownKey: (key: string, collection: string, allowed: string[], suggestion?: string) => ({
    code: 'content/unknown-key',
    message: `"${key}" is not a field of ${collection}`,
    hint: suggestion
      ? `did you mean "${suggestion}"? (fields: ${allowed.join(', ')})`
      : `remove it, or use one of: ${allowed.join(', ')}`,
  }),
  noCollection: (file: string, folders: string[]) => ({
    code: 'content/no-collection',
    message: `${file} is in no collection, so it would never be published`,
    hint: `move it into one of: ${folders.join(', ')}`,
  }),
  duplicateSlug: (slug: string, collection: string, files: string[]) => ({
    code: 'content/duplicate-slug',
    message: `slug "${slug}" is used by ${files.length} ${collection} entries: ${files.join(', ')}`,
    hint: 'give each entry its own slug (or file name)',
  }),
  duplicateField: (field: string, value: string | number, collection: string, places: string[]) => ({
    code: `content/duplicate-${field}`,
    message: `${field} ${JSON.stringify(value)} is used by ${places.length} ${collection} entries: ${places.join(', ')}`,
    hint: `give each entry its own ${field}`,
  }),
  duplicateRoute: (path: string, inputs: string[]) => ({
    code: 'routes/duplicate-output',
    message: `${inputs.length} inputs produce the same page ${path}: ${inputs.join(', ')}`,
    hint: 'rename one of them, or change its slug or aliases',
  }),
  invalidAlias: (alias: string, problem: string) => ({
    code: 'routes/invalid-alias',
    message: `alias "${alias}" is not a site path: ${problem}`,
    hint: 'aliases start with "/" and name an old address on this site, e.g. "/old-name"',
  }),
  unsafePath: (path: string, problem: string) => ({
    code: 'routes/unsafe-path',
    message: `the address "${path}" cannot be published: ${problem}`,
    hint: 'addresses are made of segments of letters, digits, "-", "_", "." and "~" between single slashes, such as /blog/hello-world',
  }),
  foldedCollision: (files: string[], inputs: string[]) => ({
    code: 'routes/case-collision',
    message: `${files.map((f) => `"${visibleForm(f)}"`).join(' and ')} differ only in letter case or Unicode form, so they overwrite each other on macOS and Windows disks (from ${inputs.join(', ')})`,
    hint: 'rename one of them so the names differ in more than case',
  }),
  publicClash: (file: string, generatedBy: string) => ({
    code: 'public/clash',
    message: `${file} has the same output path as ${generatedBy}, so one would silently overwrite the other`,
    hint: 'rename or remove the file in public/ (the build writes robots.txt, sitemap.xml, feed.xml, _headers, _redirects, 404.html and every page itself)',
  }),
  brokenPublicLink: (path: string, problem: BrokenLinkProblem, chain: string[] = []) => ({
    code: 'public/broken-link',
    message: problem === 'loop'
      ? `${path} is a link to a folder it is itself inside (a loop), so it cannot be copied`
      : problem === 'link-loop'
        ? `${path} is a symbolic link loop (${chain.join(' → ')}), so it leads to no file and nothing can be copied from it`
        : `${path} is a link whose target does not exist, so nothing can be copied from it`,
    hint: brokenLinkHint(problem, 'file'),
  }),
  brokenContentLink: (problem: BrokenLinkProblem, chain: string[] = []) => ({
    code: 'content/broken-link',
    message: problem === 'loop'
      ? 'this is a link to a folder it is itself inside (a loop), so its files cannot be read'
      : problem === 'link-loop'
        ? `this is a symbolic link loop (${chain.join(' → ')}), so it leads to no file and nothing can be read from it`
        : 'this is a link whose target does not exist, so nothing can be read from it',
    hint: brokenLinkHint(problem, 'file or folder'),
  }),
  notUtf8: (byte: number) => ({
    code: 'content/not-utf8',
    message: `this file is not UTF-8 text: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} here starts no UTF-8 character`,
    hint: 'save the file as UTF-8 in your editor (usually "Save with encoding" or "Reopen with encoding", then save), and check the characters near this spot',
  }),
  controlCharacter: (code: number) => ({
    code: 'content/control-character',
    message: `this file holds the invisible control character U+${code.toString(16).toUpperCase().padStart(4, '0')}, which would reach the page unseen`,
    hint: 'delete it (it often comes from pasting out of a PDF or a word processor); tabs and line breaks are fine',
  }),
  controlEscape: (field: string, code: number) => ({
    code: 'content/control-character',
    message: `"${field}" holds the invisible control character U+${code.toString(16).toUpperCase().padStart(4, '0')} (written here as an escape), which would reach the page unseen and make the feed and sitemap invalid XML`,
    hint: 'delete the escape (such as \\u0000, \\x1b, \\e or \\N) from the value; write a line break as \\n and a tab as \\t',
  }),
  unsafeFileName: (name: string, suggestion: string) => ({
    code: 'content/unsafe-file-name',
    message: `the file name "${name}" is this page's address, and an address cannot hold spaces, accents or other characters outside a-z, 0-9, "-", "_", "." and "~"`,
    hint: suggestion
      ? `rename the file to ${suggestion}.md, or add "slug: ${suggestion}" to its front matter`
      : 'rename the file using letters a-z, digits and dashes, or add a "slug:" made of them to its front matter',
  }),
  unknownPlaceholder: (name: string, known: string[], suggestion?: string) => ({
    code: 'content/unknown-placeholder',
    message: `{{${name}}} names no field of this entry's collection, so it would become empty text`,
    hint: `${suggestion ? `did you mean {{${suggestion}}}? ` : ''}The placeholders are the fields: ${known.map((k) => `{{${k}}}`).join(', ')}`,
  }),
  unsafeLink: (href: string) => ({
    code: 'markdown/unsafe-link',
    message: `the address "${href.length > 60 ? `${href.slice(0, 60)}…` : href}" would be removed from the page, leaving a link or button that does nothing (or an image that shows nothing): pages keep only http, https, mailto, irc, ircs and xmpp addresses and addresses on this site`,
    hint: 'use the https:// address of the page it should open (or a path such as /about), or remove the link',
  }),
  tooDeep: (depth: number, max: number) => ({
    code: 'markdown/too-deep',
    message: `lists or quotes are nested more than ${max} levels deep here (about ${depth}); deeper nesting takes minutes to read, then fails`,
    hint: 'flatten the list: start a new list or a new paragraph instead of indenting further',
  }),
  writeFailed: (path: string, reason: string, outDir: string) => ({
    code: 'output/write-failed',
    message: `could not write ${path}: ${reason}; ${outDir}/ still holds the previous build`,
    hint: 'free some disk space or fix the folder\'s permissions, then build again',
  }),
  projectFolderIsLink: (folder: string, target: string) => ({
    code: 'output/linked-folder',
    message: `${folder} is a symbolic link (to ${target}); a build replaces the files in it, and never removes files through a link`,
    hint: 'make it a folder of its own (remove the link), then build again',
  }),
  renderFailed: (path: string, reason: string) => ({
    code: 'render/failed',
    message: `rendering ${path} failed: ${reason}`,
    hint: 'the template threw while rendering this page; the field it reads may be missing',
  }),
  baseInLink: (href: string, page: string | undefined, base: string, fixed: string) => ({
    code: 'links/base-in-link',
    message: `${page === undefined ? 'image' : 'link'} "${href}"${page === undefined ? '' : ` on page ${page}`} has the base path ${base} written in it, so it would lead to ${base}${href.slice(1)}`,
    hint: `write it as "${fixed}": links start at the site's root, and the build puts ${base} (the path of the site's url) before each one, so they keep working if the site moves`,
  }),
  deadLink: (href: string, page: string) => ({
    code: 'links/dead',
    message: `link "${href}" on page ${page} points to no page or file of this site`,
    hint: 'fix the address, add the missing page, or add the old address to the target page\'s "aliases"',
  }),
  missingImage: (src: string) =>
    src.startsWith('/')
      ? {
          code: 'links/missing-image',
          message: `image "${src}" names no file in public/ (nor one the build makes)`,
          hint: `put the image at public${src.replace(/[?#].*$/, '')}, or correct the path (it starts at public/, so /images/x.png is public/images/x.png)`,
        }
      : {
          code: 'links/missing-image',
          message: `image "${src}" names no file beside the Markdown file (nor in public/)`,
          hint: 'put the image in the Markdown file\'s folder (./walk.jpg is the walk.jpg beside it), or start the path with / for a file in public/',
        },
  malformedEscape: (src: string, escape: string) => ({
    code: 'links/malformed-escape',
    message: `image "${src}" holds "${escape}", which is not a valid %-escape, so it names no file`,
    hint: 'a "%" must be followed by two hex digits that spell UTF-8 bytes (a space is %20); write the file name as it is, or rename the file to plain letters, digits and dashes',
  }),
  imageUnreadable: (src: string, { file, reason, hint }: { file: string; reason: string; hint?: string }, page?: string) => ({
    code: 'images/unreadable',
    message: `image "${src}" (${file})${page ? ` on page ${page}` : ''} cannot be read as an image: ${reason}`,
    hint: hint ?? `replace ${file} with a real JPEG, PNG, WebP, GIF or AVIF file (renaming a file to .jpg does not convert it), or point to another image`,
  }),
  linkToUnpublished: (href: string, page: string, target: { file: string; reason: 'draft' | 'scheduled'; date?: string }) =>
    target.reason === 'draft'
      ? {
          code: 'links/unpublished',
          message: `link "${href}" on page ${page} links to a draft (${target.file}), which is not published`,
          hint: `publish it by removing "draft: true" from ${target.file}, or remove the link until it is published ("heartnotes dev" shows drafts)`,
        }
      : {
          code: 'links/unpublished',
          message: `link "${href}" on page ${page} links to a page scheduled for ${target.date} (${target.file}), which is not published yet`,
          hint: `remove the link until ${target.date}, or give ${target.file} a date that has come; a build on or after ${target.date} publishes it`,
        },
  deadAnchor: (href: string, page: string) => ({
    code: 'links/dead-anchor',
    message: `link "${href}" on page ${page} points to an anchor that does not exist on its target page`,
    hint: 'check the part after "#": it must match a heading or element id on that page',
  }),
  templateCompile: (reason: string) => ({
    code: 'config/compile',
    message: `the site configuration or a template could not be compiled: ${reason}`,
    hint: 'fix the TypeScript error shown; templates live in templates/ and the site is declared in site.config.ts',
  }),
  unknownSiteValue: (name: string, known: string[], nearest: string | undefined) => ({
    code: 'content/unknown-site-value',
    message: `{{site.${name}}} names no value of the site, so it would be shown as written`,
    hint: `${nearest ? `did you mean {{site.${nearest}}}? ` : ''}${known.length ? `The values are: ${known.join(', ')}` : 'The site declares none'} (settings().values in site.config.ts)`,
  }),
  templateLoad: (reason: string) => ({
    code: 'config/load',
    message: `the site configuration or a template threw while loading: ${reason}`,
    hint: 'code outside any function runs once, when the site loads; fix the statement shown, or move it into the function that needs it',
  }),
  stylesCompile: (reason: string) => ({
    code: 'styles/compile',
    message: `the stylesheet could not be bundled: ${reason}`,
    hint: 'fix the CSS syntax or the url() shown',
  }),
  hostFunctionCompile: (reason: string) => ({
    code: 'deploy/function',
    message: `a function in deploy.functions could not be bundled for the host: ${reason}`,
    hint: 'fix the error in the module deploy.functions names; it runs on the host, so it can only import what that host offers (Cloudflare: web APIs and node: modules under nodejs_compat)',
  }),
  islandCompile: (reason: string) => ({
    code: 'islands/compile',
    message: `an island could not be bundled: ${reason}`,
    hint: 'fix the error in templates/islands/; islands run in the browser, so they cannot import node: modules',
  }),
  cardText: (count: number, scripts: string[], what: 'title' | 'label', shows: string) => ({
    code: 'cards/undrawable-text',
    message: `the social card cannot draw ${count} character${count === 1 ? '' : 's'} of this ${what} (${scripts.join('; ')}); the card shows ${shows}`,
    hint: `set a ${what} font that has these characters in the cards' style (right-to-left scripts are not drawn on cards), or give this page a picture of its own`,
  }),
  configMissing: (file: string) => ({
    code: 'config/missing',
    message: `no site configuration at ${file}`,
    hint: 'run the command from the project folder, or pass --root',
  }),
} satisfies Record<string, (...args: never[]) => Omit<Diagnostic, keyof Located>>;

/** Non-ASCII characters as `\u{…}`, so two names that look the same show how they differ. */
function brokenLinkHint(problem: BrokenLinkProblem, what: string): string {
  if (problem === 'loop') return 'remove the link, or point it at a folder outside this one';
  if (problem === 'link-loop') return `point one of the links at a real ${what}, or remove them`;
  return `remove the link, or restore the ${what} it points to`;
}

function visibleForm(text: string): string {
  return text.replace(/[^\x20-\x7e]/gu, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
}
