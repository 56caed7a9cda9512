import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateField } from '../../src/pipeline/validate/fields.ts';
import { loadContent } from '../../src/pipeline/load/load.ts';
import type { CollectionSpec, Entry } from '../../src/pipeline/types.ts';
import { closest, validateContent, type ValidateOptions } from '../../src/pipeline/validate/validate.ts';
import { formatDiagnostic, sortDiagnostics } from '../../src/diagnostics/diagnostic.ts';

const postSchema = z.strictObject({
  title: z.string().min(1),
  date: dateField(),
  author: z.string().min(1),
  category: z.enum(['dating', 'relationships']).default('dating'),
  rating: z.number().optional(),
  price: z.string().optional(),
  slug: z.string().optional(),
  draft: z.boolean().default(false),
});

const collections: Record<string, CollectionSpec> = {
  posts: { kind: 'markdown', folder: 'posts', schema: postSchema },
  reviews: { kind: 'markdown', folder: 'reviews', schema: postSchema, placeholders: true },
  nav: { kind: 'json', file: 'nav.json', schema: z.array(z.strictObject({ name: z.string(), path: z.string() })) },
};

const post = (front: string, body = 'Body\n') => `---\n${front}\n---\n${body}`;
const ok = 'title: A good title\ndate: 2025-01-05\nauthor: Jo';

/** Loads and validates an in-memory content folder; returns the content and the printed errors. */
function run(files: Record<string, string>, options: ValidateOptions = { today: '2025-06-01' }) {
  const withNav = { 'content/nav.json': '[]', ...files };
  const loaded = loadContent(new Map(Object.entries(withNav)), 'content', collections);
  expect(loaded.diagnostics.map(formatDiagnostic)).toEqual([]);
  const result = validateContent(loaded.records, collections, options);
  return {
    content: result.content as { posts: Entry[]; reviews: Entry[]; nav: unknown },
    errors: sortDiagnostics(result.diagnostics).map(formatDiagnostic),
  };
}

describe('validateContent', () => {
  it('returns typed entries with slug, file, body and defaults applied', () => {
    const { content, errors } = run({ 'content/posts/first-date.md': post(`${ok}\nslug: first-dates`, 'Hello\n') });
    expect(errors).toEqual([]);
    expect(content.posts).toEqual([
      {
        id: 'first-date',
        slug: 'first-dates',
        file: 'content/posts/first-date.md',
        data: { title: 'A good title', date: '2025-01-05', author: 'Jo', slug: 'first-dates', category: 'dating', draft: false },
        body: 'Hello\n',
        bodyLine: 7,
      },
    ]);
    expect(content.nav).toEqual([]);
  });

  it('names an unknown key, where it is, and the field it was probably meant to be', () => {
    const { errors } = run({ 'content/posts/a.md': post(`${ok}\nautor: Sam`) });
    expect(errors).toEqual([
      [
        'content/posts/a.md:5:1: "autor" is not a field of the "posts" collection',
        '    4 | author: Jo',
        '  > 5 | autor: Sam',
        '      | ^',
        '    6 | ---',
        '  hint: did you mean "author"? (fields: title, date, author, category, rating, price, slug, draft)',
      ].join('\n'),
    ]);
  });

  it('lists the allowed fields when an unknown key resembles none of them', () => {
    const { errors } = run({ 'content/posts/a.md': post(`${ok}\nmood: happy`) });
    expect(errors[0]).toContain('content/posts/a.md:5:1: "mood" is not a field of the "posts" collection');
    expect(errors[0]).toContain('hint: remove it, or use one of: title, date, author');
    expect(errors[0]).not.toContain('did you mean');
  });

  it('reports a missing required field with what to add', () => {
    const { errors } = run({ 'content/posts/a.md': post('title: A good title\ndate: 2025-01-05') });
    expect(errors).toEqual([
      [
        'content/posts/a.md:2:1: "author" is required in the "posts" collection and is missing',
        '    1 | ---',
        '  > 2 | title: A good title',
        '      | ^',
        '    3 | date: 2025-01-05',
        '  hint: add a "author:" line with text',
      ].join('\n'),
    ]);
  });

  it('reports a wrong type at the line and column of the value', () => {
    const { errors } = run({ 'content/posts/a.md': post(`${ok}\nrating: very good`) });
    expect(errors).toEqual([
      [
        'content/posts/a.md:5:9: "rating" should be a number, but it is the text "very good"',
        '    4 | author: Jo',
        '  > 5 | rating: very good',
        '      |         ^',
        '    6 | ---',
        '  hint: change "rating" to a number',
      ].join('\n'),
    ]);
  });

  it('reports a value outside an enum, listing the allowed values', () => {
    const { errors } = run({ 'content/posts/a.md': post(`${ok}\ncategory: breakups`) });
    expect(errors[0]).toMatch(/^content\/posts\/a\.md:5:11: "category" must be one of "dating", "relationships", but it is the text "breakups"\n/);
    expect(errors[0]).toContain('hint: use one of the listed values');
  });

  it('reports a badly written date with the expected format', () => {
    const { errors } = run({ 'content/posts/a.md': post('title: T\ndate: 05/01/2025\nauthor: Jo') });
    expect(errors[0]).toMatch(/^content\/posts\/a\.md:3:7: "date" is not valid: expected a date written as YYYY-MM-DD\n/);
  });

  it('reports problems in JSON data files at the offending key', () => {
    const { errors } = run({ 'content/nav.json': '[\n  { "name": "Home", "path": "/" },\n  { "name": "About", "pth": "/about" }\n]\n' });
    expect(errors).toEqual([
      expect.stringMatching(/^content\/nav\.json:3:3: "\[1\]\.path" is required in the "nav" collection and is missing\n/),
      expect.stringMatching(/^content\/nav\.json:3:22: "\[1\]\.pth" is not a field of the "nav" collection\n[\s\S]*did you mean "path"\?/),
    ]);
    // The file exists; only its fields are wrong.
    expect(errors.join('\n')).not.toContain('is missing\n  hint: create it');
  });

  it('reports a missing data file', () => {
    const loaded = loadContent(new Map(), 'content', collections);
    const { diagnostics } = validateContent(loaded.records, collections, { today: '2025-06-01' });
    expect(diagnostics.map(formatDiagnostic)).toEqual(['the data file content/nav.json is missing\n  hint: create it; the nav collection reads it']);
  });

  it('reports every problem in every file in one run', () => {
    const files: Record<string, string> = {};
    for (const name of ['one', 'two', 'three']) {
      // Two problems each: an unknown key and a wrong type.
      files[`content/posts/${name}.md`] = post(`${ok}\ntitel: Typo\nrating: high`);
    }
    const { errors } = run(files);
    expect(errors.map((e) => e.split(': ')[0])).toEqual([
      'content/posts/one.md:5:1',
      'content/posts/one.md:6:9',
      'content/posts/three.md:5:1',
      'content/posts/three.md:6:9',
      'content/posts/two.md:5:1',
      'content/posts/two.md:6:9',
    ]);
  });

  it('leaves out drafts and future-dated entries unless drafts are asked for', () => {
    const files = {
      'content/posts/published.md': post(ok),
      'content/posts/draft.md': post(`${ok}\ndraft: true`),
      'content/posts/future.md': post('title: Later\ndate: 2025-06-02\nauthor: Jo'),
      'content/posts/today.md': post('title: Today\ndate: 2025-06-01\nauthor: Jo'),
    };
    const published = run(files).content.posts.map((e) => e.id).sort();
    expect(published).toEqual(['published', 'today']);
    const all = run(files, { today: '2025-06-01', drafts: true }).content.posts.map((e) => e.id).sort();
    expect(all).toEqual(['draft', 'future', 'published', 'today']);
  });

  it('rejects two entries with the same slug at the slug: line that makes the clash, naming the other file', () => {
    const { errors } = run({
      'content/posts/first-date.md': post(ok),
      'content/posts/first-date-ideas.md': post(`${ok.replace('A good title', 'Ideas')}\nslug: first-date`),
    });
    expect(errors).toEqual([
      [
        'content/posts/first-date-ideas.md:5:7: slug "first-date" is used by 2 posts entries: content/posts/first-date-ideas.md:5:7, content/posts/first-date.md:1:1',
        '    4 | author: Jo',
        '  > 5 | slug: first-date',
        '      |       ^',
        '    6 | ---',
        '  hint: give each entry its own slug (or file name)',
      ].join('\n'),
    ]);
  });

  it('fills {{placeholders}} from the entry\'s own fields where the collection asks for it', () => {
    const body = 'Get {{title}} for {{ price }} by {{author}}.{{coupon}} Rated {{rating}}.\n';
    const { content, errors } = run({
      'content/reviews/shop.md': post(`${ok}\nprice: "$39"\nrating: 4.5`, body),
      'content/posts/plain.md': post(ok, body),
    });
    expect(errors).toEqual([]);
    expect(content.reviews[0].body).toBe('Get A good title for $39 by Jo. Rated 4.5.\n');
    // Collections without `placeholders: true` keep the braces as written.
    expect(content.posts[0].body).toBe(body);
  });
});

describe('closest', () => {
  it('suggests a near field name and nothing for an unrelated word', () => {
    expect(closest('titel', ['title', 'date'])).toBe('title');
    expect(closest('Descripton', ['title', 'description'])).toBe('description');
    expect(closest('zzz', ['title', 'date'])).toBeUndefined();
  });
});
