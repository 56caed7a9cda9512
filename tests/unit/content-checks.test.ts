// The content checks of issue 13 as stages on in-memory files: real calendar dates, timestamps kept
// as text by the loader, what validation leaves out and why, duplicate ids and titles, image paths,
// where a link is written in its source, and dead links to pages of broken files.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { daysInMonth, dateField, dateTimeField, impossibleDate } from '../../src/pipeline/validate/fields.ts';
import { checkContentLinks } from '../../src/pipeline/links/site-links.ts';
import { describeLeftOut } from '../../src/pipeline/build-summary.ts';
import { checkImages, checkLinks, findInSource } from '../../src/pipeline/links/links.ts';
import { loadContent } from '../../src/pipeline/load/load.ts';
import type { CollectionSpec } from '../../src/pipeline/types.ts';
import { validateContent } from '../../src/pipeline/validate/validate.ts';
import { formatDiagnostic, sortDiagnostics } from '../../src/diagnostics/diagnostic.ts';

const collections: Record<string, CollectionSpec> = {
  posts: {
    kind: 'markdown',
    folder: 'posts',
    schema: z.strictObject({
      id: z.number().optional(),
      title: z.string(),
      date: dateField(),
      cover: z.string().optional(),
      draft: z.boolean().default(false),
    }),
  },
};
const post = (front: string) => `---\n${front}\n---\nBody.\n`;

function run(files: Record<string, string>, today = '2025-06-01') {
  const loaded = loadContent(new Map(Object.entries(files)), 'content', collections);
  const result = validateContent(loaded.records, collections, { today });
  return { loaded, result, errors: sortDiagnostics(result.diagnostics).map((d) => formatDiagnostic({ ...d, frame: undefined })) };
}

describe('calendar dates', () => {
  it('knows the days of each month, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2025, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect([2024, 2000, 1900, 2100].map((y) => daysInMonth(y, 2))).toEqual([29, 29, 28, 28]);
  });

  it('says why a date names no day', () => {
    expect(impossibleDate('2025-02-28')).toBeUndefined();
    expect(impossibleDate('2024-02-29')).toBeUndefined();
    expect(impossibleDate('2025-02-29')).toBe('February 2025 has 28 days');
    expect(impossibleDate('2025-13-45')).toBe('there is no month 13');
    expect(impossibleDate('2025-00-10')).toBe('there is no month 0');
    expect(impossibleDate('2025-06-00')).toBe('there is no day 0');
    expect(impossibleDate('2025-06-31')).toBe('June 2025 has 30 days');
  });

  it('a date-time must name a real day and time too (a deadline)', () => {
    const messages = (v: string) =>
      dateTimeField()
        .safeParse(v)
        .error?.issues.map((i) => i.message) ?? [];
    expect(messages('2026-06-16T23:59:00-04:00')).toEqual([]);
    expect(messages('2026-02-30T23:59:00-04:00')).toEqual(['February 2026 has 28 days']);
    expect(messages('2026-06-16T24:30Z')).toEqual(['there is no time 24:30']);
    expect(messages('2026-06-16')).toEqual(['expected an ISO date-time such as 2026-06-16T23:59:00-04:00']);
  });

  it('the loader keeps an unquoted date as the text written, so no rollover can hide it', () => {
    const { loaded } = run({ 'content/posts/a.md': post('title: A\ndate: 2025-02-30'), 'content/posts/b.md': post('title: B\ndate: 2025-01-05') });
    expect(loaded.records.map((r) => (r.data as { date: unknown }).date)).toEqual(['2025-02-30', '2025-01-05']);
  });

  it('an impossible date is one error at the value, quoted or not', () => {
    const { errors } = run({
      'content/posts/a.md': post('title: A\ndate: 2025-02-30'),
      'content/posts/b.md': post('title: B\ndate: "2025-13-45"'),
    });
    expect(errors).toEqual([
      expect.stringMatching(/^content\/posts\/a\.md:3:7: "date" is not a real date: 2025-02-30 \(February 2025 has 28 days\)\n  hint: /),
      expect.stringMatching(/^content\/posts\/b\.md:3:7: "date" is not a real date: 2025-13-45 \(there is no month 13\)\n  hint: /),
    ]);
  });
});

describe('validateContent', () => {
  it('says which entries it left out and why, and which files failed with the slug they would have', () => {
    const { result } = run({
      'content/posts/bad.md': post('title: Bad\ndate: 2025-02-30'),
      'content/posts/draft.md': post('title: Draft\ndate: 2025-01-01\ndraft: true'),
      'content/posts/later.md': post('title: Later\ndate: 2025-12-01'),
      'content/posts/ok.md': post('title: Ok\ndate: 2025-01-01'),
    });
    expect(result.leftOut).toEqual([
      { file: 'content/posts/draft.md', reason: 'draft' },
      { file: 'content/posts/later.md', reason: 'scheduled', date: '2025-12-01' },
    ]);
    expect(result.failed).toEqual([{ file: 'content/posts/bad.md', slug: 'bad' }]);
    expect((result.content.posts as { id: string }[]).map((e) => e.id)).toEqual(['ok']);
  });

  it('reports two entries with one id, or one title in another case, naming both with lines', () => {
    const { errors } = run({
      'content/posts/a.md': post('id: 7\ntitle: First dates\ndate: 2025-01-01'),
      'content/posts/b.md': post('id: 7\ntitle: Other\ndate: 2025-01-01'),
      'content/posts/c.md': post('title: FIRST DATES \ndate: 2025-01-01'),
    });
    expect(errors).toEqual([
      // Written together (no modification times here): at the one later in file order, naming the other.
      'content/posts/b.md:2:5: id 7 is used by 2 posts entries: content/posts/b.md:2:5, content/posts/a.md:2:5\n  hint: give each entry its own id',
      'content/posts/c.md:2:8: title "FIRST DATES" is used by 2 posts entries: content/posts/c.md:2:8, content/posts/a.md:3:8\n  hint: give each entry its own title',
    ]);
  });

  it('finds image paths in the data of published records, and locates them only when asked', () => {
    const { result } = run({ 'content/posts/a.md': post('title: A\ndate: 2025-01-01\ncover: /images/a.png') });
    expect(result.images.map((i) => i.src)).toEqual(['/images/a.png']);
    const files = new Set(['images/b.png']);
    expect(checkImages(result.images, files).map((d) => formatDiagnostic({ ...d, frame: undefined }))).toEqual([
      'content/posts/a.md:4:8: image "/images/a.png" names no file in public/ (nor one the build makes)\n' +
        '  hint: put the image at public/images/a.png, or correct the path (it starts at public/, so /images/x.png is public/images/x.png)',
    ]);
    expect(checkImages(result.images, new Set(['images/a.png']))).toEqual([]);
  });
});

describe('findInSource', () => {
  const text = ['---', 'cover: /images/x.png', 'gallery:', '  - "/images/y.png"', '---', 'See [a](/post/ab) and [b](/post/a#top).', '![pic](<../img/z.png>)'].join('\n');
  it('finds Markdown links, images and front-matter values at their line and column', () => {
    expect(findInSource(text, '/images/x.png')).toEqual({ line: 2, column: 8 });
    expect(findInSource(text, '/images/y.png')).toEqual({ line: 4, column: 6 });
    expect(findInSource(text, '/post/a#top')).toEqual({ line: 6, column: 27 });
    expect(findInSource(text, '../img/z.png')).toEqual({ line: 7, column: 9 });
  });
  it('does not find a link inside a longer one, or one a template added', () => {
    expect(findInSource(text, '/post/a')).toBeUndefined();
    expect(findInSource(text, '/about')).toBeUndefined();
  });
});

describe('checkLinks', () => {
  const page = { path: '/post/a', outFile: 'post/a.html', source: 'content/posts/a.md', links: ['/post/broken', '/post/gone'], ids: [] };
  it('does not report a link to the page of a file that failed, and places the others', () => {
    const texts = new Map([['content/posts/a.md', '---\ntitle: A\n---\n[x](/post/broken) [y](/post/gone)\n']]);
    const found = checkLinks([page], new Set(['post/a.html']), [], undefined, { texts, pending: new Set(['broken']) });
    expect(found.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`)).toEqual([
      'content/posts/a.md:4:23: link "/post/gone" on page /post/a points to no page or file of this site',
    ]);
  });
});

describe('checkContentLinks', () => {
  it('reports a missing cover once, at its field, not again on each page that shows it', () => {
    const { result } = run({ 'content/posts/a.md': post('title: A\ndate: 2025-01-01\ncover: /images/gone.png') });
    const shows = (path: string, source: string) => ({ path, outFile: `${path.slice(1) || 'index'}.html`, source, links: ['/images/gone.png', '/images/logo.png'], ids: [] });
    const pages = [
      shows('/post/a', 'content/posts/a.md'),
      shows('/', 'content/pages/index.md'),
      shows('/posts', 'content/data/home.json'),
      shows('/more', 'content/data/home.json'),
    ];
    const files = new Set(['post/a.html', 'index.html', 'posts.html', 'more.html']);
    const texts = new Map([['content/posts/a.md', post('title: A\ndate: 2025-01-01\ncover: /images/gone.png')]]);
    expect(checkContentLinks(pages, files, [], texts, result, []).map((d) => `${d.file}:${d.line ?? ''}: ${d.message}`)).toEqual([
      'content/posts/a.md:4: image "/images/gone.png" names no file in public/ (nor one the build makes)',
      'content/posts/a.md:: image "/images/logo.png" names no file in public/ (nor one the build makes)',
      'content/pages/index.md:: image "/images/logo.png" names no file in public/ (nor one the build makes)',
      'content/data/home.json:: image "/images/logo.png" names no file in public/ (nor one the build makes)',
    ]);
  });
});

describe('describeLeftOut', () => {
  it('lists a few entries and counts the rest', () => {
    expect(describeLeftOut([])).toBe('');
    expect(describeLeftOut([{ file: 'a.md', reason: 'scheduled', date: '2026-12-01' }])).toBe('Left out 1 entry: a.md (scheduled for 2026-12-01); "heartnotes dev" shows it');
    const many = Array.from({ length: 4 }, (_, i) => ({ file: `${i}.md`, reason: 'draft' as const }));
    expect(describeLeftOut(many, 2)).toBe('Left out 4 entries: 0.md (draft), 1.md (draft), and 2 more; "heartnotes dev" shows them');
  });
});
