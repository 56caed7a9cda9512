// paintCards paints image by image and keeps two bases at a time (src/pipeline/cards/cards.ts).
// An incremental build draws only the cards that changed, in another order than a cold build: a
// card's bytes must not depend on which cards were painted before it on the same thread.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CardPainter } from '../../src/pipeline/cards/card.ts';
import { cardStyle, paintCards, type PlannedCard } from '../../src/pipeline/cards/cards.ts';
import { cards as config } from '../../templates/cards.ts';

const root = join(import.meta.dirname, '../..');
const covers = join(root, 'public/images/covers');
const images = readdirSync(covers)
  .filter((f) => f.endsWith('.svg'))
  .slice(0, 3)
  .map((f) => join(covers, f));

/** Eight cards: two or three for each of three images and two without one, interleaved as a route table has them. */
const cards: [string, PlannedCard][] = Array.from({ length: 8 }, (_, i) => {
  const image = i % 4 === 3 ? undefined : images[i % 3];
  const title = `Card ${i}: ${['A kind first message', 'Gift ideas that listen', 'When to talk about the future'][i % 3]}`;
  return [`c${i}.png`, { content: { title, label: 'Dating', ...(image ? { image } : {}) }, key: `k${i}` }];
});

async function paint(list: [string, PlannedCard][]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await paintCards(cardStyle(config, root), list, undefined, (file, png) => void out.set(file, Buffer.from(png)));
  return out;
}

describe('paintCards', () => {
  it('gives every card the same bytes whatever was painted before it, alone or in any order', async () => {
    const all = await paint(cards);
    expect(all.size).toBe(cards.length);
    const reversed = await paint([...cards].reverse());
    for (const [file, png] of all) expect(reversed.get(file)!.equals(png), `${file} in reverse order`).toBe(true);
    for (const card of [cards[5]!, cards[3]!]) {
      const alone = await paint([card]);
      expect(alone.get(card[0])!.equals(all.get(card[0])!), `${card[0]} painted alone`).toBe(true);
    }
  }, 60_000);

  it("writes a row from its glyphs' rows of ink as the bytes drawing and reading it give", async () => {
    // Kerned pairs (AV, To, Wa) whose ink may touch, descenders meeting the next line's ascenders,
    // long titles at the smaller sizes, labels, and no image (every row read whole).
    const titles = [
      'AVAST! To Wally, Yes: a kind first message',
      'Quietly gfjpqy gfjpqy gfjpqy, then Tall Hills Kept Bright',
      'When to talk about the future with someone you have only just met and still like a great deal more than you expected',
      '“Quoted” — dashes, ellipses… and numbers 0123456789',
      'iiiiiiii llllllll WWWWWWWW mmmmmmmm',
    ];
    const style = cardStyle(config, root);
    const fromInk = new CardPainter(style);
    const drawn = new CardPainter(style, { fromInk: false });
    for (const image of [images[0], images[1], undefined]) {
      for (const [i, title] of titles.entries()) {
        const content = { title, ...(i % 2 ? { label: 'Breakups & healing' } : {}), ...(image ? { image } : {}) };
        const [a, b] = [await fromInk.paint(content), await drawn.paint(content)];
        expect(a.equals(b), `"${title}" on ${image ?? 'no image'}`).toBe(true);
      }
    }
  }, 60_000);
});
