// The cover and date fields every piece has (templates/schemas.ts, `pieceFields` and `pieceRules`),
// checked the way the build checks a file: by the collection's schema.
import { describe, expect, it } from 'vitest';
import { articleSchema, giftSchema, guideSchema, reviewSchema } from '../../templates/schemas.ts';

const article = { id: 1, title: 'A title', excerpt: 'An excerpt.', date: '2025-01-05', author: 'Ann' };
const issues = (data: unknown) => {
  const r = articleSchema.safeParse(data);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('piece fields', () => {
  it('a piece may have no cover at all, or a cover with its alt text, caption and credit, from public/ or beside its file', () => {
    expect(issues(article)).toEqual([]);
    expect(issues({ ...article, coverImage: '/images/covers/a.svg', coverAlt: 'Illustration: two cups', coverCaption: 'A caption.', coverCredit: 'Illustration: Heart Notes' })).toEqual([]);
    expect(issues({ ...article, coverImage: './cover.svg', coverAlt: 'Illustration: two cups' })).toEqual([]);
    expect(issues({ ...article, coverImage: '../shared/cover.jpg', coverAlt: 'A photo' })).toEqual([]);
  });

  it('a cover needs its alt text; alt, caption and credit need a cover', () => {
    expect(issues({ ...article, coverImage: '/images/covers/a.svg' })).toEqual(['coverAlt: a cover needs "coverAlt": say what the picture shows, for readers who cannot see it']);
    expect(issues({ ...article, coverCaption: 'A caption.', coverCredit: 'Photo: Ann' })).toEqual([
      'coverCaption: "coverCaption" describes a cover, but there is no "coverImage"',
      'coverCredit: "coverCredit" describes a cover, but there is no "coverImage"',
    ]);
  });

  it('"updated" is a date no earlier than the publication', () => {
    expect(issues({ ...article, updated: '2025-02-01' })).toEqual([]);
    expect(issues({ ...article, updated: '2025-01-05' })).toEqual([]);
    expect(issues({ ...article, updated: '2024-12-31' })).toEqual(['updated: the update (2024-12-31) is dated before the publication (2025-01-05)']);
    expect(issues({ ...article, updated: '2025-02-30' })[0]).toMatch(/^updated: /);
  });

  it('every kind of piece has the same fields', () => {
    for (const schema of [articleSchema, guideSchema, giftSchema, reviewSchema]) {
      const shape = (schema as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(shape)).toEqual(expect.arrayContaining(['coverImage', 'coverAlt', 'coverCaption', 'coverCredit', 'socialImage', 'updated']));
    }
  });
});
