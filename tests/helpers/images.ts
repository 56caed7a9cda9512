// Raster inputs for the image step's tests, made with sharp: nothing binary is committed.
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { join } from 'node:path';
import sharp from 'sharp';
import { copyFixture, type FixtureCopy } from './fixtures.ts';

/** A photo-like 1200×800 JPEG (smooth gradients and waves): `seed` changes its pixels. */
export async function photo(width = 1200, height = 800, seed = 0): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + seed) & 255;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = Math.sin(x / 40 + seed) * Math.cos(y / 30) * 127 + 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

/** A 500×350 PNG with a half-transparent background and an opaque square. */
export async function pngWithAlpha(): Promise<Buffer> {
  const square = await sharp({ create: { width: 150, height: 150, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 1 } } }).png().toBuffer();
  return sharp({ create: { width: 500, height: 350, channels: 4, background: { r: 40, g: 140, b: 90, alpha: 0.5 } } })
    .composite([{ input: square, left: 175, top: 100 }])
    .png()
    .toBuffer();
}

/** A copy of the fixture with its two raster images made. */
export async function imageSite(prefix: string): Promise<FixtureCopy> {
  const fx = copyFixture('images', prefix);
  writeFileSync(join(fx.root, 'public/images/beach.jpg'), await photo());
  writeFileSync(join(fx.root, 'content/posts/walks/park.png'), await pngWithAlpha());
  writeFileSync(join(fx.root, 'public/images/og.png'), await pngWithAlpha());
  // Shown by a template only (the 404 page).
  writeFileSync(join(fx.root, 'public/images/badge.png'), await sharp(await pngWithAlpha()).resize({ width: 100 }).png().toBuffer());
  return fx;
}

/** An SVG cover with a dark variant inside it, as tools/draw-covers.mjs draws them. */
export const NIGHT_SKY_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100"><title>A crescent moon</title>' +
  '<style>.b{fill:#eef4fb}@media (prefers-color-scheme:dark){.b{fill:#161e2b}}</style><rect class="b" width="300" height="100"/>' +
  '<circle cx="150" cy="50" r="30" fill="#e8b64c"/></svg>\n';

/** Posts whose covers sit beside their Markdown files: an SVG (published as it is) and a photo (encoded). */
export function addCoversBeside(fx: FixtureCopy, photoBytes?: Buffer): void {
  fx.write('content/posts/walks/night-sky.svg', NIGHT_SKY_SVG);
  fx.write('content/posts/walks/night-walk.md', ['---', 'title: A night walk', 'date: 2025-03-04', 'cover: ./night-sky.svg', 'coverAlt: A crescent moon', '---', '', 'Stars, then home.', ''].join('\n'));
  if (!photoBytes) return;
  writeFileSync(join(fx.root, 'content/posts/dawn.jpg'), photoBytes);
  fx.write('content/posts/dawn-walk.md', ['---', 'title: A dawn walk', 'date: 2025-03-05', 'cover: ./dawn.jpg', 'coverAlt: First light over the fields', '---', '', 'Up early.', ''].join('\n'));
}

/**
 * A PNG whose header says `width`×`height` (8-bit grey) with one empty row of data: enough for a
 * reader to learn its size, cheap to make at sizes no test could encode (20000×20000).
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);
}
