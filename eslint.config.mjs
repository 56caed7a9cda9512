// The rules about the code's shape that a tool holds (docs/architecture.md, "Rules the tools
// hold"): how long a function may be, and which part of the repository may import which. Not a
// style guide: the formatter and review do that. `npm run lint`; `npm test` runs it.
//
// ESLint and its plugins are test packages (tests/package.json, installed into tests/node_modules
// by tests/setup.mjs) so that `npm install` for building the site does not download them; this
// file loads them from there.
import { builtinModules, createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const fromTests = createRequire(new URL('./tests/package.json', import.meta.url));
const load = async (name) => import(pathToFileURL(fromTests.resolve(name)).href);
const { default: tseslint } = await load('typescript-eslint');
const importX = await load('eslint-plugin-import-x');

const CODE = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs', '**/*.js'];

/** Code that runs in the browser (docs/architecture.md, "Three places code runs"). */
const BROWSER = ['src/runtime/**', 'templates/islands/**', 'templates/scripts/**', 'templates/lib/**'];
/**
 * The forms function runs on serverless hosts too, so it imports no Node module; these three
 * files are its Node side only, which no host bundle reaches: the store `dev`, `preview` and the
 * `subscribers` command open (node.ts), PGlite on a worker thread (pglite-db.ts) and the outbox
 * folder dev writes mail to (file-mailer.ts).
 */
const FUNCTIONS_NODE_SIDE = ['site/functions/node.ts', 'site/functions/pglite-db.ts', 'site/functions/file-mailer.ts'];

/** Node's built-in modules, bare and `node:`-prefixed, for the rule that keeps them out of browser and serverless code. */
const NODE_BUILTINS = [...new Set(builtinModules.flatMap((name) => [name, name.startsWith('node:') ? name : `node:${name}`]))];

/**
 * Comments cite only documents in the repository: the product spec the team works from is not
 * in it, so a comment says "docs/product.md" instead of "SPEC" (CSS comments: tests/unit/architecture.test.ts).
 */
const noSpecCitation = {
  meta: { type: 'problem', messages: { spec: 'Cite a document in the repository (docs/product.md), not the SPEC.' }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (/\bSPEC\b/.test(comment.value)) context.report({ loc: comment.loc, messageId: 'spec' });
        }
      },
    };
  },
};

/**
 * The unit tier is the inner loop (docs/testing.md): in memory and in temporary folders, so it
 * builds no site, starts no browser, opens no database and runs no child process. What would
 * break that, by import.
 */
const NOT_IN_UNIT_TESTS = [
  { name: 'node:child_process', message: 'A unit test runs no child process: the command-line tests are in tests/cli/.' },
  { name: 'playwright-core', message: 'A unit test drives no browser: the browser tests are in tests/e2e/.' },
  { name: '@electric-sql/pglite', message: 'A unit test opens no database: the forms tests are in tests/functions/.' },
  { name: 'postgres', message: 'A unit test opens no database: the forms tests are in tests/functions/.' },
  { name: '../../src/build.ts', importNames: ['build', 'buildSite'], message: 'A unit test builds no site: whole builds are in tests/build/ and tests/cli/.' },
  { name: 'vitest', importNames: ['inject'], message: "A unit test reads nothing the run's global set-up builds: put it in tests/build/." },
];
const NOT_IN_UNIT_TEST_PATTERNS = [
  { group: ['**/e2e-helpers/*'], message: 'A unit test builds, previews or browses nothing: see tests/build/ and tests/e2e/.' },
  {
    group: ['**/helpers/cli.ts', '**/helpers/postgres.ts', '**/helpers/pglite-template.ts', '**/helpers/warm-cache.ts'],
    message: 'A unit test runs no process and opens no database.',
  },
];

export default [
  { ignores: ['**/node_modules/**', 'dist/**', '.cache/**', '.data/**', 'tests/.tmp/**', 'tests/hosts/.runtimes/**', 'netlify/**', 'functions/**', 'bench/out/**'] },
  {
    files: CODE,
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX, local: { rules: { 'no-spec-citation': noSpecCitation } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })] },
  },
  {
    files: ['src/**', 'bin/**', 'templates/**', 'site/**', 'site.config.ts'],
    rules: { 'local/no-spec-citation': 'error' },
  },
  {
    files: ['tests/unit/**'],
    rules: { 'no-restricted-imports': ['error', { paths: NOT_IN_UNIT_TESTS, patterns: NOT_IN_UNIT_TEST_PATTERNS }] },
  },
  {
    // The generator: short functions, and no reach into this site's parts (src/ knows no site).
    files: ['src/**', 'bin/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src', './bin'],
              from: ['./templates', './site', './site.config.ts', './content'],
              message: 'The generator knows nothing about this site: pass what it needs through the site config (docs/architecture.md, "Two sides: the generator and the site").',
            },
          ],
        },
      ],
    },
  },
  {
    // The site side: the generator's 80 lines, except for React components (below).
    files: ['templates/**', 'site/**', 'site.config.ts', 'tests/fixtures/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              // The fixture sites too: a second site the same generator builds (tests/fixtures/).
              target: ['./templates', './site', './site.config.ts', './tests/fixtures'],
              from: './src',
              // The browser half of the search index, for the site's search script: its format is the generator's.
              except: ['./index.ts', './search-client.ts'],
              message:
                'The site imports the generator only through its public entry, src/index.ts, and its browser code the search client, src/search-client.ts (docs/architecture.md, "Two sides: the generator and the site").',
            },
          ],
        },
      ],
    },
  },
  {
    // A page or island component is mostly one tree of markup, read top to bottom in the page's
    // order; cut at 80 lines it would scatter one page over several files. 120 holds the five
    // that are longer today (Document 120, GiftPage 101, ReviewPage 96, LandingPage 89,
    // ContactForm 82) and no more: a longer one is split into components.
    files: ['templates/**/*.tsx', 'tests/fixtures/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  {
    // The one exception: the forms function escapes HTML with src/escape.ts, which imports nothing,
    // because a serverless bundle of src/index.ts would carry React and zod.
    files: ['site/functions/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './site/functions',
              from: './src',
              except: ['./index.ts', './escape.ts'],
              message:
                'The forms function imports the generator only through src/index.ts (types) or src/escape.ts (docs/architecture.md, "Two sides: the generator and the site").',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code and the serverless function never import Node's modules.
    files: [...BROWSER, 'site/functions/**'],
    ignores: FUNCTIONS_NODE_SIDE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({
            name,
            message: 'This code runs in the browser or on a serverless host, where Node modules are not there (docs/architecture.md, "Three places code runs").',
          })),
        },
      ],
    },
  },
];
