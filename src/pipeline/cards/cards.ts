import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { imageKey } from '../images/image-set.ts';
import { hashText } from '../plan/manifest.ts';
import type { CardsConfig, CardStyle, Route } from '../types.ts';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { openCardCache } from './card-cache.ts';
import { CardText } from './card-text.ts';
import { CardPainter, type CardContent } from './card.ts';

/**
 * The social-card stage: which page gets which card (before rendering, so each page knows its
 * card's address), and drawing the cards a build writes, from the cache when it has them.
 *
 * A card is an output file like a page: its key covers what it shows, the image's bytes, the
 * style and the fonts' bytes, so an unchanged card is neither drawn nor written again, and the
 * cache (`.cache/cards/<key>.card`, card-cache.ts) serves a card whose output folder was deleted.
 */

/** Bump when a change to card.ts changes the pixels or their encoding, so cached and kept cards are drawn again. */
const PAINTER_VERSION = '4';

/** A card to write: what it shows (its image as a file) and its key. */
export interface PlannedCard {
  content: CardContent;
  key: string;
}

export interface CardPlan {
  /** The routes, each with `card` set to its card's address when it has one. */
  routes: Route[];
  /** Cards by output file, e.g. `cards/post/hello.png`. */
  cards: Map<string, PlannedCard>;
  /** Titles and labels a card cannot draw as written, at their lines (card-text.ts). */
  warnings: Diagnostic[];
  /** The files the plan read (fonts, images), each with a hash of its bytes: the cards' inputs beyond the routes. */
  read: Map<string, string>;
}

/** The output file of a page's card: `cards/index.png` for `/`, `cards/blog/hello.png` for `/blog/hello`. */
export function cardFile(path: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return `cards/${clean || 'index'}.png`;
}

/**
 * Asks the site what each page's card shows and gives each page the address of its card.
 * `sources` maps the address of an image published from beside the content to its file (default: none);
 * `cacheDir` is where the fonts' characters are kept between builds (card-text.ts; default: nowhere).
 */
export function planCards(config: CardsConfig | undefined, routes: Route[], root: string, publicDir: string, sources: Record<string, string> = {}, cacheDir?: string): CardPlan {
  const cards = new Map<string, PlannedCard>();
  const warnings: Diagnostic[] = [];
  if (!config) return { routes, cards, warnings, read: new Map() };
  const hashes = new FileHashes();
  const style = cardStyle(config, root);
  const text = new CardText(style, root, (file) => hashes.of(file), cacheDir);
  const styleKey = hashText(PAINTER_VERSION, JSON.stringify(config.style), hashes.of(style.title.font), hashes.of(style.label.font));
  // Many cards share an image (4,001 of the bench's share one): each file is looked for once.
  const found = new Map<string, boolean>();
  const exists = (file: string) => found.get(file) ?? found.set(file, existsSync(file)).get(file)!;
  const planned = routes.map((route) => {
    const asked = config.of(route);
    if (!asked) return route;
    const { spec, warnings: found } = text.check(route, asked);
    warnings.push(...found);
    const file = cardFile(route.path);
    // As for images in pages: the query and fragment dropped, a malformed %-escape kept as written (checkImages reports it).
    const beside = spec.image ? sources[spec.image] : undefined;
    const imageFile = beside ? join(root, beside) : spec.image && /^\/(?!\/)/.test(spec.image) ? join(publicDir, imageKey(spec.image, undefined)!) : undefined;
    const image = imageFile && exists(imageFile) ? imageFile : undefined;
    const content: CardContent = { title: spec.title, ...(spec.label ? { label: spec.label } : {}), ...(image ? { image } : {}) };
    const key = hashText(styleKey, JSON.stringify([spec.title, spec.label ?? '']), image ? hashes.of(image) : '');
    cards.set(file, { content, key });
    return { ...route, card: `/${file}` };
  });
  return { routes: planned, cards, warnings, read: hashes.all() };
}

/** The config's card style with its font files resolved: from the project folder, or as package files. */
export function cardStyle(config: CardsConfig, root: string): CardStyle {
  const { style } = config;
  const fontFile = (font: string) => (/^(@[\w.-]+\/)?[\w.-]+\//.test(font) && !font.startsWith('.') ? createRequire(join(root, 'package.json')).resolve(font) : resolve(root, font));
  return { ...style, title: { ...style.title, font: fontFile(style.title.font) }, label: { ...style.label, font: fontFile(style.label.font) } };
}

/**
 * Draws `cards` (taking those in the cache from it) and hands each to `write`, one at a time on
 * this thread, yielding between them so the thread's other work (a dev server's requests) goes on.
 * `write` may return the file it wrote, which the cache then links to instead of copying.
 *
 * # Design decision
 * Cards are painted image by image: each image's base is drawn while the cards of the one
 * before it are painted, and let go of when its own are done, so a thread holds two bases at a
 * time, not one per image. Drawing every base at once (sharp on its threads for all of them)
 * held about 40 MB more on 2,000 cards of 20 images, and a cold build peaked while its cards were
 * drawn (docs/architecture.md). A card's pixels do not depend on the cards drawn before it.
 */
export async function paintCards(
  style: CardStyle,
  cards: [string, PlannedCard][],
  cacheDir: string | undefined,
  write: (file: string, png: Uint8Array) => string | void,
): Promise<{ drawn: number; cached: number }> {
  const painter = new CardPainter(style);
  const cache = cacheDir ? openCardCache(join(cacheDir, 'cards')) : undefined;
  const imageOf = ([, card]: [string, PlannedCard]) => card.content.image ?? '';
  // Stable: within one image, the cards stay in the order given.
  const order = [...cards].sort((a, b) => (imageOf(a) < imageOf(b) ? -1 : imageOf(a) > imageOf(b) ? 1 : 0));
  const images = [...new Set(order.filter(([, card]) => !cache?.has(card.key)).map(imageOf))];
  const toImage = (image: string) => image || undefined;
  let drawn = 0;
  let at = -1;
  if (images.length) painter.prefetch(toImage(images[0]!));
  for (const entry of order) {
    const [file, card] = entry;
    const cached = cache?.get(card.key);
    if (cached) {
      write(file, cached);
      continue;
    }
    const image = imageOf(entry);
    if (images[at] !== image) {
      if (at >= 0) painter.release(toImage(images[at]!));
      // -1 for a card the cache said it had and then could not give: painted all the same.
      at = images.indexOf(image);
      if (at >= 0 && at + 1 < images.length) painter.prefetch(toImage(images[at + 1]!));
    }
    const png = await painter.paint(card.content);
    drawn += 1;
    // Drawing is synchronous once bases and glyphs exist: let other work through after each card.
    await new Promise((next) => setImmediate(next));
    const written = write(file, png);
    cache?.put(card.key, png, written ?? undefined);
  }
  return { drawn, cached: cards.length - drawn };
}

/** Content hashes of files, each read once. */
class FileHashes {
  readonly #hashes = new Map<string, string>();
  of(file: string): string {
    let hash = this.#hashes.get(file);
    if (hash === undefined) this.#hashes.set(file, (hash = createHash('sha256').update(readFileSync(file)).digest('hex')));
    return hash;
  }
  all(): Map<string, string> {
    return new Map(this.#hashes);
  }
}

