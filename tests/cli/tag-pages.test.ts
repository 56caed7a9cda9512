// Tag pages of a large site: /tag/{slug} lists every listed entry carrying the tag, newest first,
// TAG_PER_PAGE a page on real static pages (/tag/{slug}/page/N), so one tag never becomes one
// document of thousands of cards. The real site, with 40 more articles tagged "communication",
// built by the real CLI without its social cards and search index (nothing to do with this).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyProject } from '../helpers/fixtures.ts';
import { $, $$, parseHtml, text } from '../helpers/dom.ts';
import { TAG_PER_PAGE } from '../../templates/routes.ts';

const EXTRA = 40;

describe('tag pages of a large site', () => {
  let root: string;
  const page = (path: string) => parseHtml(readFileSync(join(root, 'dist', `${path.slice(1)}.html`), 'utf8'));
  const entries = (path: string) =>
    $$(page(path), 'section[aria-labelledby="tag-entries-heading"] .card').map((card) => ({ href: $(card, '.card-title a')!.attrs.href!, date: $(card, 'time')?.attrs.datetime }));

  beforeAll(() => {
    root = copyProject('heartnotes-tag-pages-', '{ cards: undefined, search: undefined }');
    for (let i = 1; i <= EXTRA; i++) {
      writeFileSync(
        join(root, 'content', 'articles', `talking-it-through-${i}.md`),
        `---\nid: ${9000 + i}\ntitle: "Talking It Through, Part ${i}"\nexcerpt: "Part ${i} of a long series on listening well."\ncategory: Relationships\ntags: [communication]\ndate: 2026-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, '0')}\nauthor: The Heart Notes editors\ncoverImage: /images/covers/a-dating-story-about-second-chances.svg\ncoverAlt: "Illustration: a golden crescent moon"\n---\n\nListen first, then answer.\n`,
      );
    }
    const built = runCli(['build', '--root', root, '--quiet'], 120_000);
    expect(built.status, built.stderr).toBe(0);
  }, 180_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('lists TAG_PER_PAGE a page, newest first, says how many there are, and pages on with real links', () => {
    const lead = text($(page('/tag/communication'), '.hero-lead')!);
    const total = Number(/^(\d+) articles, guides and reviews tagged “communication”/.exec(lead)?.[1]);
    expect(total).toBeGreaterThan(EXTRA);
    const pageCount = Math.ceil(total / TAG_PER_PAGE);
    expect(lead).toMatch(new RegExp(`newest first; page 1 of ${pageCount}\\.$`));
    const all: { href: string; date?: string }[] = [];
    for (let n = 1; n <= pageCount; n++) {
      const path = n === 1 ? '/tag/communication' : `/tag/communication/page/${n}`;
      const shown = entries(path);
      expect(shown, path).toHaveLength(n < pageCount ? TAG_PER_PAGE : total - TAG_PER_PAGE * (pageCount - 1));
      all.push(...shown);
      const next = $$(page(path), 'nav.pagination a[rel="next"]')[0]?.attrs.href;
      expect(next, `${path}: Next`).toBe(n < pageCount ? `/tag/communication/page/${n + 1}` : undefined);
    }
    const dates = all.map((c) => c.date!);
    expect(dates, 'newest first').toEqual([...dates].sort().reverse());
    // The newest of the added articles (2026) come before anything the site had.
    expect(all.slice(0, TAG_PER_PAGE).every((c) => c.href.startsWith('/post/talking-it-through-'))).toBe(true);
    for (let i = 1; i <= EXTRA; i++) expect(all.map((c) => c.href), `talking-it-through-${i}`).toContain(`/post/talking-it-through-${i}`);
    expect(new Set(all.map((c) => c.href)).size, 'each once').toBe(total);
  });

  it('page 2 has its own title and canonical, and /page/1 goes to the first page', () => {
    const doc = page('/tag/communication/page/2');
    expect(text($(doc, 'title')!)).toMatch(/^Tag: communication, page 2 of \d+ \|/);
    expect($(doc, 'link[rel="canonical"]')!.attrs.href).toMatch(/\/tag\/communication\/page\/2$/);
    expect($(page('/tag/communication/page/1'), 'meta[http-equiv="refresh"]')).toBeDefined();
  });
});
