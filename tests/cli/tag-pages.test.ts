// Tag pages of a large site: /tag/{slug} gathers whole categories, whose own pages list everything
// in them, so it shows the TAG_LATEST newest of their articles and guides and says where the rest
// are, instead of one document listing them all. The real site, with 40 more articles filed under
// a category tagged "communication", built by the real CLI without its social cards and search
// index (nothing to do with this).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyProject } from '../helpers/fixtures.ts';
import { $, $$, parseHtml, text } from '../helpers/dom.ts';
import { CATEGORY_PER_PAGE, TAG_LATEST } from '../../templates/routes.ts';

const EXTRA = 40;

describe('tag pages of a large site', () => {
  let root: string;
  const page = (path: string) => parseHtml(readFileSync(join(root, 'dist', `${path.slice(1)}.html`), 'utf8'));
  const entries = (path: string, section: string) =>
    $$(page(path), `section[aria-labelledby="${section}"] .card`).map((card) => ({ href: $(card, '.card-title a')!.attrs.href!, date: $(card, 'time')?.attrs.datetime }));

  beforeAll(() => {
    root = copyProject('heartnotes-tag-pages-', '{ cards: undefined, search: undefined }');
    for (let i = 1; i <= EXTRA; i++) {
      writeFileSync(
        join(root, 'content', 'articles', `talking-it-through-${i}.md`),
        `---\nid: ${9000 + i}\ntitle: "Talking It Through, Part ${i}"\nexcerpt: "Part ${i} of a long series on listening well."\ncategory: Relationship\ndate: 2026-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, '0')}\nauthor: The Heart Notes editors\ncoverImage: /images/covers/a-dating-story-about-second-chances.svg\ncoverAlt: "Illustration: a golden crescent moon"\n---\n\nListen first, then answer.\n`,
      );
    }
    const built = runCli(['build', '--root', root, '--quiet'], 120_000);
    expect(built.status, built.stderr).toBe(0);
  }, 180_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('shows the TAG_LATEST newest articles and guides, says how many there are and that the categories list every one', () => {
    const lead = text($(page('/tag/communication'), '.hero-lead')!);
    const total = Number(/^(\d+) articles and guides/.exec(lead)?.[1]);
    expect(total).toBeGreaterThan(EXTRA);
    expect(lead).toMatch(new RegExp(`tagged “communication”. Here are the ${TAG_LATEST} newest; the categor(y lists|ies list) every one.$`));
    const shown = entries('/tag/communication', 'tag-entries-heading');
    expect(shown).toHaveLength(TAG_LATEST);
    const dates = shown.map((c) => c.date!);
    expect(dates, 'newest first').toEqual([...dates].sort().reverse());
    // The newest of the added articles (2026) come before anything the site had.
    expect(shown.every((c) => c.href.startsWith('/post/talking-it-through-'))).toBe(true);
  });

  it('every article the tag gathers is on a page of a category it links to', () => {
    const topics = $$(page('/tag/communication'), 'section[aria-labelledby="tag-topics-heading"] li > a').map((a) => a.attrs.href!);
    expect(topics.length).toBeGreaterThan(0);
    const listed = new Set<string>();
    for (const base of topics) {
      const first = page(base);
      const pages = Math.max(1, ...$$(first, 'nav.pagination a[aria-label^="Page "]').map((a) => Number(text(a))));
      for (let n = 1; n <= pages; n++) {
        const path = n === 1 ? base : `${base}/page/${n}`;
        for (const card of entries(path, 'category-all-heading')) listed.add(card.href);
      }
      expect(pages).toBeGreaterThanOrEqual(1);
    }
    for (let i = 1; i <= EXTRA; i++) expect(listed, `talking-it-through-${i}`).toContain(`/post/talking-it-through-${i}`);
    expect(listed.size).toBeGreaterThan(CATEGORY_PER_PAGE);
  });
});
