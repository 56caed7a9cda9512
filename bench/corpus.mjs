// Synthetic benchmark corpus: a complete project root that builds with the real site's config,
// templates and public files, plus N generated ~700-word articles. Deterministic: the same
// page count always gives byte-identical files, so repeated runs measure the same work.
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Bump when the generator's output changes, so existing corpora are rewritten. */
const CORPUS_VERSION = 3;
const MARKER = '.bench-corpus.json';

export const defaultCorpusDir = (pageCount) => join(repoRoot, 'bench', '.corpus', String(pageCount));

/** Small, fast, seedable PRNG (mulberry32): Math.random would make every run different. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'love dating partner relationship trust communication boundaries listen honest kind patience ' +
  'first date conversation coffee walk evening weekend plans texting message reply feelings ' +
  'heart friendship respect support care attention time together apart distance breakup healing ' +
  'self-care confidence anxiety attachment secure calm conflict argument apology forgive repair ' +
  'compromise needs values habits routine family friends introduce commitment future moving ' +
  'home budget chores gratitude appreciation affection touch laugh humour playful curiosity ' +
  'question answer vulnerable open space growth change season marriage engagement anniversary ' +
  'gift surprise thoughtful gesture small daily check-in reflect journal therapist counsellor ' +
  'reader advice practical gentle clear expectation pace slow steady signal chemistry spark ' +
  'profile app match swipe meet safely public place honesty story shared memory'
).split(' ');
const GLUE = 'the a and to of with for your when it is that you can be more about how often'.split(' ');
// The topics the site knows (content/data/categories.json): a build refuses any other category.
const CATEGORIES = ['Relationships', 'Dating', 'Breakups', 'Self-care', 'Gifts'];
const AUTHORS = ['The Heart Notes editors', 'Maya Ellis', 'Jonah Park', 'Priya Nair'];

/** One article's Markdown, from its own seed: page i's text does not depend on the others. */
function article(i, pageCount) {
  const rand = mulberry32(0x4ea27 + i * 7919);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (min, max) => min + Math.floor(rand() * (max - min + 1));
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  const phrase = (n) => Array.from({ length: n }, () => (rand() < 0.3 ? pick(GLUE) : pick(WORDS))).join(' ');
  const pad = (n) => String(n).padStart(4, '0');

  let words = 0;
  const sentence = () => {
    const n = int(8, 16);
    words += n;
    let s = cap(phrase(n));
    // Sprinkle inline Markdown so the parser sees realistic emphasis and links.
    const r = rand();
    if (r < 0.12) s += ` *${phrase(2)}*`;
    else if (r < 0.22) s += ` **${phrase(2)}**`;
    else if (r < 0.3) s += ` [${phrase(3)}](/post/bench-${pad(int(1, pageCount))})`;
    else if (r < 0.33) s += ` [${phrase(2)}](/about)`;
    else if (r < 0.36) s += ` [${phrase(2)}](https://www.example.org/${pick(WORDS)})`;
    if (r < 0.36) words += 3;
    return `${s}.`;
  };
  const paragraph = () => Array.from({ length: int(3, 5) }, sentence).join(' ');
  const heading = (level) => `${'#'.repeat(level)} ${cap(phrase(int(3, 6)))}`;
  const list = (ordered) =>
    Array.from({ length: int(4, 6) }, (_, k) => `${ordered ? `${k + 1}.` : '-'} ${sentence()}`).join('\n');
  const table = () => {
    const rows = Array.from({ length: int(3, 5) }, () => `| ${cap(pick(WORDS))} | ${phrase(4)} | ${phrase(3)} |`);
    words += rows.length * 8;
    return ['| Situation | What helps | What to avoid |', '| --- | --- | --- |', ...rows].join('\n');
  };

  const blocks = [paragraph(), heading(2), paragraph(), heading(3), list(false), paragraph(), heading(2), paragraph(), list(true), heading(2), table(), paragraph()];
  // Fill to about 700 words with more sections; the word count varies a little per page, like real text.
  while (words < 660) blocks.push(rand() < 0.4 ? heading(int(2, 3)) : paragraph());
  blocks.push(paragraph());

  const title = cap(phrase(int(5, 9)));
  const day = int(0, 730); // 2024-01-01 + up to two years: all in the past, so none is skipped
  const date = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
  const front = [
    '---',
    `id: ${1000 + i}`,
    `title: ${JSON.stringify(title)}`,
    `excerpt: ${JSON.stringify(cap(phrase(int(14, 24))) + '.')}`,
    `category: ${pick(CATEGORIES)}`,
    `date: ${date}`,
    `author: ${JSON.stringify(pick(AUTHORS))}`,
    // Any cover the site has: the corpus measures speed, not pictures.
    'coverImage: /images/covers/first-date-tips.svg',
    `coverAlt: ${JSON.stringify(cap(phrase(5)))}`,
    '---',
  ];
  return `${front.join('\n')}\n\n${blocks.join('\n\n')}\n`;
}

/** Writes `file` only if its text differs: unchanged files keep their mtime and cost nothing. */
function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file).equals(Buffer.from(text))) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const isLink = (p) => {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};

function replaceWithSymlink(link, target) {
  if (isLink(link) && readlinkSync(link) === target) return;
  rmSync(link, { recursive: true, force: true }); // rm on a symlink removes the link, not its target
  symlinkSync(target, link);
}

/**
 * Creates (or refreshes) the project root at `dir`. Returns notes about stand-ins used where the
 * real site is missing a file, so the report can say the figures were not measured on the real site.
 */
export function generateCorpus(dir = defaultCorpusDir(4000), pageCount = 4000) {
  const notes = [];
  mkdirSync(dir, { recursive: true });
  writeIfChanged(join(dir, 'site.config.ts'), `export { default } from '${join(repoRoot, 'site.config.ts')}';\n`);
  replaceWithSymlink(join(dir, 'templates'), join(repoRoot, 'templates'));

  // The real site's content is refreshed on every run (cheap), so the corpus is the real site
  // plus the generated articles; the real site's public/ is linked as it is.
  const src = join(repoRoot, 'content');
  copyContent(src, join(dir, 'content'));
  replaceWithSymlink(join(dir, 'public'), join(repoRoot, 'public'));

  // Articles: the expensive part, only rewritten when the marker says they are stale.
  const markerFile = join(dir, MARKER);
  const marker = JSON.stringify({ version: CORPUS_VERSION, pages: pageCount });
  if (!(existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker)) {
    const articles = join(dir, 'content', 'articles');
    for (const f of existsSync(articles) ? readdirSync(articles) : []) if (f.startsWith('bench-')) rmSync(join(articles, f));
    mkdirSync(articles, { recursive: true });
    for (let i = 1; i <= pageCount; i++) {
      writeFileSync(join(articles, `bench-${String(i).padStart(4, '0')}.md`), article(i, pageCount));
    }
    writeFileSync(markerFile, marker); // last, so an interrupted run regenerates
  }
  return { dir, pageCount, notes };
}

/** Copies every content file except generated articles' folder contents, skipping unchanged ones. */
function copyContent(from, to) {
  for (const d of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, d.name);
    const b = join(to, d.name);
    if (d.isDirectory()) copyContent(a, b);
    else if (d.isFile()) writeIfChanged(b, readFileSync(a));
  }
}

// `node bench/corpus.mjs [pages]` writes a corpus on its own, e.g. to inspect it.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const pages = Number(process.argv[2] ?? 4000);
  const { dir, notes } = generateCorpus(defaultCorpusDir(pages), pages);
  console.log(`Corpus of ${pages} articles in ${dir}`);
  for (const n of notes) console.log(`note: ${n}`);
}
