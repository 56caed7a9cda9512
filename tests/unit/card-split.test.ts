// How a build shares its social cards between this thread and the card worker
// (src/pipeline/cards/cards.ts, splitByImage): every card drawn exactly once, two halves of about
// the same size, and each image's cards on one thread (but the one image cut through), so each
// thread draws only the bases of its own images, which is what keeps the build's peak memory down.
import { describe, expect, it } from 'vitest';
import { splitByImage, type PlannedCard } from '../../src/pipeline/cards/cards.ts';

const card = (i: number, image?: string): [string, PlannedCard] => [`cards/post/p${i}.png`, { key: `k${i}`, content: { title: `Post ${i}`, ...(image ? { image } : {}) } }];

/** A site's cards: `counts[j]` cards with image j, interleaved in route order, then `plain` without one. */
function site(counts: number[], plain: number): [string, PlannedCard][] {
  const cards: [string, PlannedCard][] = [];
  let i = 0;
  for (let round = 0; cards.length < counts.reduce((a, b) => a + b, 0); round++) {
    counts.forEach((n, j) => round < n && cards.push(card(i++, `/img/${j}.svg`)));
  }
  for (let k = 0; k < plain; k++) cards.push(card(i++));
  return cards;
}

const imagesOf = (share: [string, PlannedCard][]) => new Set(share.map(([, c]) => c.content.image).filter(Boolean));

describe('splitting the cards between two threads', () => {
  it('draws every card once, in halves a card apart, with the cards without an image dealt to both', () => {
    const cards = site([40, 3, 25, 1, 1, 30], 41);
    const [a, b] = splitByImage(cards);
    expect([...a, ...b].map(([file]) => file).sort()).toEqual(cards.map(([file]) => file).sort());
    expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(1);
    const plain = (share: typeof a) => share.filter(([, c]) => !c.content.image).length;
    expect(Math.abs(plain(a) - plain(b))).toBeLessThanOrEqual(1);
  });

  it('gives each image to one thread but at most one, so the threads share at most one base', () => {
    const [a, b] = splitByImage(site([40, 3, 25, 1, 1, 30], 10));
    const shared = [...imagesOf(a)].filter((image) => imagesOf(b).has(image));
    expect(shared.length).toBeLessThanOrEqual(1);
    expect(imagesOf(a).size + imagesOf(b).size).toBe(6 + shared.length);
  });

  it('cuts through an image most cards show, rather than leaving one thread every card', () => {
    const [a, b] = splitByImage(site([4001, 1, 1, 1], 0));
    expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(1);
  });

  it('keeps route order within each image, and all cards on one side when there is nothing to split', () => {
    const [a, b] = splitByImage(site([6], 0));
    expect(a.map(([file]) => file)).toEqual(['cards/post/p0.png', 'cards/post/p1.png', 'cards/post/p2.png']);
    expect(b.map(([file]) => file)).toEqual(['cards/post/p3.png', 'cards/post/p4.png', 'cards/post/p5.png']);
  });
});
