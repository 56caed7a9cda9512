import type { Diagnostic } from './diagnostic.ts';

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
  jsonSyntax: (reason: string) => ({
    code: 'content/json-syntax',
    message: `not valid JSON: ${reason}`,
    hint: 'check for a missing comma, a trailing comma or an unquoted key near this position',
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
  duplicateRoute: (path: string, inputs: string[]) => ({
    code: 'routes/duplicate-output',
    message: `${inputs.length} inputs produce the same page ${path}: ${inputs.join(', ')}`,
    hint: 'rename one of them, or change its slug or aliases',
  }),
  invalidAlias: (alias: string) => ({
    code: 'routes/invalid-alias',
    message: `alias "${alias}" is not a site path`,
    hint: 'aliases start with "/" and name an old address on this site, e.g. "/old-name"',
  }),
  renderFailed: (path: string, reason: string) => ({
    code: 'render/failed',
    message: `rendering ${path} failed: ${reason}`,
    hint: 'the template threw while rendering this page; the field it reads may be missing',
  }),
  deadLink: (href: string, page: string) => ({
    code: 'links/dead',
    message: `link "${href}" on page ${page} points to no page or file of this site`,
    hint: 'fix the address, add the missing page, or add the old address to the target page\'s "aliases"',
  }),
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
  stylesCompile: (reason: string) => ({
    code: 'styles/compile',
    message: `the stylesheet could not be bundled: ${reason}`,
    hint: 'fix the CSS syntax or the url() shown',
  }),
  islandCompile: (reason: string) => ({
    code: 'islands/compile',
    message: `an island could not be bundled: ${reason}`,
    hint: 'fix the error in templates/islands/; islands run in the browser, so they cannot import node: modules',
  }),
  configMissing: (file: string) => ({
    code: 'config/missing',
    message: `no site configuration at ${file}`,
    hint: 'run the command from the project folder, or pass --root',
  }),
} satisfies Record<string, (...args: never[]) => Omit<Diagnostic, keyof Located>>;
