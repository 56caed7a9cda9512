// Social cards (SiteConfig.cards) through the real CLI on a copy of the example site with cards
// declared: each post gets a 1200×630 PNG drawn from its title and category, the same bytes on
// every build, reused from the cache, redrawn when its title changes and removed with its post.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliResult } from '../helpers/cli.ts';
import { eventually } from '../helpers/eventually.ts';
import { copyFixture, type FixtureCopy } from '../helpers/fixtures.ts';

const fonts = '@fontsource';
const BACKGROUND = [0xff, 0xfa, 0xf7];
const TITLE = [0x4a, 0x1f, 0x33];
const BAR = [0xa3, 0x12, 0x3a];

/** The example site with cards: posts get one (label: their category, image: the favicon), pages none. */
const CONFIG = `import site from '../_shared/site.ts';
export default {
  ...site,
  cards: {
    style: {
      background: '#fffaf7',
      title: { font: '${fonts}/lora/files/lora-latin-700-normal.woff', color: '#4a1f33' },
      label: { font: '${fonts}/inter/files/inter-latin-700-normal.woff', color: '#a3123a' },
      accent: '#e8b64c',
      bar: { color: '#a3123a', text: 'Fixture Notes', textColor: '#ffffff' },
    },
    of: (page) => (page.template === 'post' ? { title: page.entry.data.title, label: page.entry.data.category, image: '/favicon.svg' } : undefined),
  },
};
`;

const FIRST = 'cards/post/first-date.png';
const SECOND = 'cards/post/second-date.png';

/** Pixels of a card as RGB rows. */
async function pixels(file: string): Promise<{ width: number; height: number; at: (x: number, y: number) => number[] }> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, at: (x, y) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)] };
}

/** Runs `build --verbose` on the copy, expects it to succeed, and returns what it printed. */
function buildCopy(fx: FixtureCopy, ...args: string[]): string {
  const result = runCli(['build', '--root', fx.root, '--verbose', ...args]);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** Writes a post titled `title` (quoted as YAML) in the category "dating". */
function writePost(fx: FixtureCopy, name: string, title: string): void {
  fx.write(`content/posts/${name}.md`, `---\ntitle: ${JSON.stringify(title)}\ndescription: A post.\ndate: 2025-01-05\nauthor: The editors\ncategory: dating\n---\n\nText.\n`);
}

describe('social cards', () => {
  let fx: FixtureCopy;
  const out = (file: string) => join(fx.root, 'dist', file);
  const build = (...args: string[]) => buildCopy(fx, ...args);

  beforeAll(() => {
    fx = copyFixture('basic', 'heartnotes-cards-');
    fx.write('site.config.ts', CONFIG);
  });
  afterAll(() => fx?.cleanup());

  it('draws a 1200×630 PNG per post with its category, title and the bar, and none for pages', async () => {
    const log = build('--no-cache');
    expect(log).toMatch(/social cards: 2 drawn, 0 from the cache, .* \(after render\)/);
    expect(existsSync(join(fx.root, '.cache', 'cards'))).toBe(false);
    const card = await pixels(out(FIRST));
    expect([card.width, card.height]).toEqual([1200, 630]);
    expect((await sharp(out(FIRST)).metadata()).format).toBe('png');
    // Background at the top left, the bar along the bottom, title-coloured ink where the title
    // starts (72 px in, from 172 px down), and the image on the right.
    expect(card.at(10, 10)).toEqual(BACKGROUND);
    expect(card.at(600, 600)).toEqual(BAR);
    let ink = 0;
    for (let y = 172; y < 260; y++) for (let x = 72; x < 400; x++) if (card.at(x, y).join() === TITLE.join()) ink++;
    expect(ink).toBeGreaterThan(200);
    expect(card.at(960, 285)).not.toEqual(BACKGROUND);
    expect(existsSync(out('cards/about.png'))).toBe(false);
    expect(existsSync(out('cards/index.png'))).toBe(false);
  });

  it('different titles make different cards; the same input, the same bytes', () => {
    const first = readFileSync(out(FIRST));
    expect(first.equals(readFileSync(out(SECOND)))).toBe(false);
    build('--no-cache');
    expect(readFileSync(out(FIRST)).equals(first)).toBe(true);
  });

  it('a clean build takes cards from the cache; an unchanged build rewrites none', () => {
    const before = readFileSync(out(FIRST));
    build();
    rmSync(join(fx.root, 'dist'), { recursive: true });
    // Without the cache's copy of the output too, which would put the whole output back.
    rmSync(join(fx.root, '.cache', 'output.json'));
    expect(build()).toMatch(/social cards: 0 drawn, 2 from the cache/);
    expect(readFileSync(out(FIRST)).equals(before)).toBe(true);
  });

  it('a damaged cache entry (empty, cut short, a changed byte) is drawn again: the published card is a clean build\'s', async () => {
    const clean = [readFileSync(out(FIRST)), readFileSync(out(SECOND))];
    const entries = () => readdirSync(join(fx.root, '.cache', 'cards')).filter((n) => n.endsWith('.card')).map((n) => join(fx.root, '.cache', 'cards', n));
    expect(entries()).toHaveLength(2);
    const damages: [string, (file: string) => void][] = [
      ['emptied', (file) => truncateSync(file, 0)],
      ['cut short', (file) => truncateSync(file, Math.floor(statSync(file).size / 2))],
      ['one byte changed', (file) => {
        const bytes = readFileSync(file);
        bytes[Math.floor(bytes.length / 2)] ^= 0x20;
        writeFileSync(file, bytes);
      }],
    ];
    for (const [what, damage] of damages) {
      for (const file of entries()) damage(file);
      rmSync(join(fx.root, 'dist'), { recursive: true });
      rmSync(join(fx.root, '.cache', 'output.json'), { force: true }); // else the cache's copy of dist/ comes back
      expect(build(), what).toMatch(/social cards: 2 drawn, 0 from the cache/);
      expect(readFileSync(out(FIRST)).equals(clean[0]!), what).toBe(true);
      expect(readFileSync(out(SECOND)).equals(clean[1]!), what).toBe(true);
      expect((await sharp(out(FIRST)).raw().toBuffer()).length, what).toBe(1200 * 630 * 3);
    }
    // The redrawn entries were stored whole: the next clean build takes them from the cache.
    rmSync(join(fx.root, 'dist'), { recursive: true });
    rmSync(join(fx.root, '.cache', 'output.json'), { force: true });
    expect(build()).toMatch(/social cards: 0 drawn, 2 from the cache/);
    expect(readFileSync(out(FIRST)).equals(clean[0]!)).toBe(true);
  });

  it('editing a title redraws that card only; a post taken back to draft loses its card', () => {
    const post = join(fx.root, 'content', 'posts', 'first-date.md');
    const secondMtime = statSync(out(SECOND)).mtimeMs;
    const before = readFileSync(out(FIRST));
    writeFileSync(post, readFileSync(post, 'utf8').replace(/^title: .*$/m, 'title: A brand new title for the first date'));
    expect(build()).toMatch(/social cards: 1 drawn, 0 from the cache/);
    expect(readFileSync(out(FIRST)).equals(before)).toBe(false);
    expect(statSync(out(SECOND)).mtimeMs).toBe(secondMtime);
    const second = join(fx.root, 'content', 'posts', 'second-date.md');
    writeFileSync(second, readFileSync(second, 'utf8').replace(/^author: /m, 'draft: true\nauthor: '));
    build();
    expect(existsSync(out(SECOND))).toBe(false);
    expect(existsSync(out(FIRST))).toBe(true);
  });
});

describe('a card\'s bytes depend only on what it shows', () => {
  it('a card drawn alone (an incremental build) or after other cards is the card a --no-cache build draws', () => {
    const fx = copyFixture('basic', 'heartnotes-cards-order-');
    try {
      fx.write('site.config.ts', CONFIG);
      const cards = () => new Map(['first-date', 'second-date', 'third-date'].map((n) => [n, readFileSync(join(fx.root, 'dist', 'cards', 'post', `${n}.png`))]));
      const build = (...args: string[]) => buildCopy(fx, ...args);
      const retitle = (name: string, title: string) => {
        const post = join(fx.root, 'content', 'posts', `${name}.md`);
        writeFileSync(post, readFileSync(post, 'utf8').replace(/^title: .*$/m, `title: ${title}`));
      };
      // A third post whose title shares most of its letters with the others, so whichever card is
      // drawn first has drawn the glyphs the next one reuses.
      fx.write('content/posts/third-date.md', fx.read('content/posts/second-date.md').replace(/^title: .*$/m, 'title: Third dates, quietly planned'));
      build();
      // Incremental: only the edited entry's card is drawn, by a painter that has drawn nothing else.
      retitle('second-date', 'Second dates, a plan you can talk through');
      expect(build()).toMatch(/social cards: 1 drawn, 0 from the cache/);
      const incremental = cards();
      // From scratch: every card drawn in one painter, one after the other.
      rmSync(join(fx.root, 'dist'), { recursive: true });
      build('--no-cache');
      const clean = cards();
      for (const [name, png] of clean) expect(png.equals(incremental.get(name)!), name).toBe(true);
      // Another order: the third post's card alone first (its title edited and edited back).
      retitle('third-date', 'Zebra');
      build();
      retitle('third-date', 'Third dates, quietly planned');
      build();
      for (const [name, png] of cards()) expect(png.equals(clean.get(name)!), name).toBe(true);
    } finally {
      fx.cleanup();
    }
  });
});

describe('titles a card font cannot draw', () => {
  it('warns at the title\'s line and draws the site\'s name instead: never a card of stray punctuation or reversed right-to-left text', () => {
    const fx = copyFixture('basic', 'heartnotes-cards-scripts-');
    try {
      fx.write('site.config.ts', CONFIG);
      const post = (name: string, title: string) => writePost(fx, name, title);
      // The font has the dash: left alone, the card showed a lone "—".
      post('chinese', '初次约会 — 该说什么');
      post('hebrew', 'דייט ראשון');
      post('arabic', 'الموعد الأول');
      post('mixed', 'First dates in 東京');
      post('emoji', 'First dates ❤');
      // What the card should show instead: the bar's text, as a title.
      post('named', 'Fixture Notes');
      const warned = (result: CliResult) => {
        expect(result.status, result.stderr).toBe(0);
        const warning = (file: string, count: number, script: string, shows: string) => `content/posts/${file}.md:2:9: the social card cannot draw ${count} characters of this title (${script}); the card shows ${shows}`;
        const instead = '"Fixture Notes" (the bar\'s text) instead of the title';
        expect(result.stderr).toContain(warning('chinese', 8, 'Han', instead));
        expect(result.stderr).toContain(warning('hebrew', 9, 'Hebrew, right to left', instead));
        expect(result.stderr).toContain(warning('arabic', 11, 'Arabic, right to left', instead));
        expect(result.stderr).toContain(warning('mixed', 2, 'Han', instead));
        expect(result.stderr).toContain('content/posts/emoji.md:2:9: the social card cannot draw 1 character of this title (symbols); the card shows the title without them');
        expect(result.stderr).toContain("hint: set a title font that has these characters in the cards' style");
        expect(result.stderr).not.toMatch(/(first|second)-date\.md/);
      };
      warned(runCli(['build', '--root', fx.root, '--no-cache']));
      // With the cache, the first build keeps what the fonts can draw and the next reads it, parsing no font: the same warnings.
      warned(runCli(['build', '--root', fx.root]));
      expect(readdirSync(join(fx.root, '.cache', 'font-characters')).filter((f) => f.endsWith('.json')).length).toBeGreaterThan(0);
      fx.write('content/posts/first-date.md', fx.read('content/posts/first-date.md') + '\nOne more line.\n');
      warned(runCli(['build', '--root', fx.root]));
      const card = (name: string) => readFileSync(join(fx.root, 'dist', 'cards', 'post', `${name}.png`));
      for (const name of ['chinese', 'hebrew', 'arabic', 'mixed']) expect(card(name).equals(card('named')), name).toBe(true);
      expect(card('emoji').equals(card('named'))).toBe(false);
    } finally {
      fx.cleanup();
    }
  });
});

describe('social cards of a larger site', () => {
  it('212 cards of one look come out byte for byte alike, each drawn once and written', () => {
    const fx = copyFixture('basic', 'heartnotes-cards-many-');
    try {
      // Every post's card says the same: 212 cards that must come out byte for byte alike.
      fx.write('site.config.ts', CONFIG.replace('title: page.entry.data.title, label: page.entry.data.category,', "title: 'Many cards, one look', label: 'Bulk',"));
      for (let i = 0; i < 210; i++) {
        fx.write(`content/posts/bulk-${String(i).padStart(3, '0')}.md`, `---\ntitle: "Post ${i}"\ndescription: One of many.\ndate: 2025-01-05\nauthor: The editors\n---\n\nPost ${i}.\n`);
      }
      const result = runCli(['build', '--root', fx.root, '--verbose', '--no-cache']);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/social cards: 212 drawn, 0 from the cache, .* \(after render\)/);
      const first = readFileSync(join(fx.root, 'dist', 'cards', 'post', 'first-date.png'));
      for (let i = 0; i < 210; i++) {
        const card = readFileSync(join(fx.root, 'dist', 'cards', 'post', `bulk-${String(i).padStart(3, '0')}.png`));
        expect(card.equals(first), `bulk-${i}`).toBe(true);
      }
    } finally {
      fx.cleanup();
    }
  });

  it('a card drawn among 200 others is the card drawn alone', () => {
    const fx = copyFixture('basic', 'heartnotes-cards-threads-');
    try {
      fx.write('site.config.ts', CONFIG);
      const words = ['quiet', 'brave', 'jazzy', 'vivid', 'mellow', 'kind', 'fuzzy', 'wry'];
      for (let i = 0; i < 210; i++) {
        const title = `Post ${i}: ${words[i % 8]} ${words[(i * 3) % 8]} dates`;
        writePost(fx, `bulk-${String(i).padStart(3, '0')}`, title);
      }
      expect(buildCopy(fx)).toMatch(/social cards: 212 drawn, 0 from the cache, .* \(after render\)/);
      const names = ['bulk-000', 'bulk-037', 'bulk-074', 'bulk-111', 'bulk-148', 'bulk-185', 'first-date'];
      const file = (name: string) => join(fx.root, 'dist', 'cards', 'post', `${name}.png`);
      const together = new Map(names.map((n) => [n, readFileSync(file(n))]));
      // Without the cache and those files, the next build draws just these.
      rmSync(join(fx.root, '.cache', 'cards'), { recursive: true });
      for (const name of names) rmSync(file(name));
      expect(buildCopy(fx)).toMatch(/social cards: 7 drawn, 0 from the cache, .* \(after render\)/);
      for (const name of names) expect(readFileSync(file(name)).equals(together.get(name)!), name).toBe(true);
    } finally {
      fx.cleanup();
    }
  });
});

describe('social cards in dev', () => {
  it('a changed title gives the served card new pixels, at once; a title the font cannot draw is warned at its line', async () => {
    const fx = copyFixture('basic', 'heartnotes-cards-dev-');
    fx.write('site.config.ts', CONFIG);
    const server = await startCli(['dev', '--root', fx.root, '--port', '0']);
    try {
      const card = async () => {
        const res = await fetch(`${server.url}/${FIRST}`);
        return res.ok ? Buffer.from(await res.arrayBuffer()) : undefined;
      };
      const before = await eventually(card, (b) => b !== undefined);
      expect((await sharp(before!).metadata()).width).toBe(1200);
      const post = join(fx.root, 'content', 'posts', 'first-date.md');
      writeFileSync(post, readFileSync(post, 'utf8').replace(/^title: .*$/m, 'title: Retitled while dev runs'));
      const after = await eventually(card, (b) => b !== undefined && !b.equals(before!));
      expect(after!.equals(before!)).toBe(false);
      const page = await (await fetch(`${server.url}/post/first-date`)).text();
      expect(page).toContain('Retitled while dev runs');
      // A title the card font cannot draw: the terminal says so at its line, once.
      writeFileSync(post, readFileSync(post, 'utf8').replace(/^title: .*$/m, 'title: 初次约会'));
      await expect.poll(server.output).toMatch(/first-date\.md:\d+:8: the social card cannot draw 4 characters of this title \(Han\); the card shows "Fixture Notes"/);
    } finally {
      await server.stop();
      fx.cleanup();
    }
  });
});
