// The image step (docs/images.md) on tests/fixtures/images, through the real CLI: raster files in
// public/ and beside the Markdown become AVIF, WebP and their own format at several widths,
// shown as <picture>; the encoded files are cached by content hash, deterministic, and follow
// the content (removed with it); a missing or unreadable image fails the build at file:line.
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliResult, type RunningCli } from '../helpers/cli.ts';
import { eventually } from '../helpers/eventually.ts';
import { $, $$, parseHtml, type Element } from '../helpers/dom.ts';
import type { FixtureCopy } from '../helpers/fixtures.ts';
import { addCoversBeside, imageSite, NIGHT_SKY_SVG, photo, pngWithAlpha } from '../helpers/images.ts';

const build = (fx: FixtureCopy, ...flags: string[]): CliResult => runCli(['build', '--root', fx.root, '--verbose', ...flags], 120_000);
const encodedFiles = (fx: FixtureCopy, out = 'dist') => readdirSync(join(fx.root, out, 'assets', 'img')).sort();
const page = (fx: FixtureCopy, file: string) => parseHtml(readFileSync(join(fx.root, 'dist', file), 'utf8'));

/** `[url, width]` pairs of a srcset. */
const candidates = (srcset: string) => srcset.split(',').map((c) => c.trim().split(/\s+/)).map(([url, w]) => [url, Number(w.replace('w', ''))] as const);

describe('images: a cold build of tests/fixtures/images', () => {
  let fx: FixtureCopy;
  let first: CliResult;
  beforeAll(async () => {
    fx = await imageSite('heartnotes-images-');
    first = build(fx);
    expect(first.status, first.stderr).toBe(0);
  }, 120_000);
  afterAll(() => fx?.cleanup());

  it('encodes each raster image as AVIF, WebP and its own format at every width it can fill, never wider', async () => {
    expect(first.stdout).toContain('Images: 3 (3 encoded, 0 from the cache)');
    const files = encodedFiles(fx);
    // Excluded in the config: copied as it is, not encoded.
    expect(files.filter((f) => f.startsWith('og-'))).toEqual([]);
    expect(existsSync(join(fx.root, 'dist/images/og.png'))).toBe(true);
    const beach = files.filter((f) => f.startsWith('beach-'));
    const park = files.filter((f) => f.startsWith('park-'));
    // Narrower than every configured width: its own width only.
    expect(files.filter((f) => f.startsWith('badge-')).map((f) => f.replace(/-[0-9a-f]{10}-/, '-#-'))).toEqual(['badge-#-100.avif', 'badge-#-100.png', 'badge-#-100.webp']);
    expect(beach.map((f) => f.replace(/-[0-9a-f]{10}-/, '-#-'))).toEqual(
      ['240', '400', '600', '800'].flatMap((w) => ['avif', 'jpg', 'webp'].map((e) => `beach-#-${w}.${e}`)),
    );
    // 500 px wide: 240 and 400, then its own width instead of 600 and 800.
    expect(park.map((f) => f.replace(/-[0-9a-f]{10}-/, '-#-'))).toEqual(
      ['240', '400', '500'].flatMap((w) => ['avif', 'png', 'webp'].map((e) => `park-#-${w}.${e}`)),
    );
    const expectedFormat: Record<string, string> = { avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' };
    for (const file of files) {
      const [, name, width, ext] = /^(beach|park|badge)-[0-9a-f]{10}-(\d+)\.(\w+)$/.exec(file)!;
      const m = await sharp(join(fx.root, 'dist/assets/img', file)).metadata();
      expect(m.format, file).toBe(expectedFormat[ext]);
      if (ext === 'avif') expect(m.compression, file).toBe('av1');
      expect(m.width, file).toBe(Number(width));
      const ratio = name === 'beach' ? 800 / 1200 : 350 / 500;
      expect(Math.abs(m.height! - Number(width) * ratio), file).toBeLessThanOrEqual(1);
      if (name !== 'beach') expect(m.hasAlpha, `${file} keeps its transparency`).toBe(true);
    }
  });

  it('shows a Markdown image beside its file as <picture> with AVIF and WebP sources and a lazy PNG <img> of the real size', () => {
    const picture = $$(page(fx, 'post/evening-walk.html'), 'picture').find((p) => $(p, 'img')!.attrs.alt === 'A path through the park')!;
    expect(picture).toBeDefined();
    const sources = $$(picture, 'source');
    expect(sources.map((s) => s.attrs.type)).toEqual(['image/avif', 'image/webp']);
    for (const s of sources) {
      expect(candidates(s.attrs.srcset).map(([, w]) => w)).toEqual([240, 400, 500]);
      expect(s.attrs.sizes).toBe('(max-width: 800px) 100vw, 800px');
    }
    const img = $(picture, 'img')!;
    expect(img.attrs).toMatchObject({ width: '500', height: '350', loading: 'lazy', decoding: 'async', sizes: '(max-width: 800px) 100vw, 800px' });
    expect(img.attrs.src).toMatch(/^\/assets\/img\/park-[0-9a-f]{10}-500\.png$/);
    expect(candidates(img.attrs.srcset).map(([url]) => url.slice(-4))).toEqual(['.png', '.png', '.png']);
  });

  it('shows a front-matter cover through Picture: above the fold (fetchpriority high, not lazy), with the file\'s own size', () => {
    const img = $(page(fx, 'post/evening-walk.html'), 'img.cover')!;
    expect(img.parent?.tag).toBe('picture');
    expect(img.attrs).toMatchObject({ width: '1200', height: '800', alt: 'A beach at dusk', fetchpriority: 'high' });
    expect(img.attrs.loading).toBeUndefined();
    expect(img.attrs.src).toMatch(/^\/assets\/img\/beach-[0-9a-f]{10}-800\.jpg$/);
    // A listing's Picture with its own sizes, lazy below the fold.
    const card = $$(page(fx, 'index.html'), 'picture img')[0];
    expect(card.attrs).toMatchObject({ sizes: '(max-width: 600px) 100vw, 600px', loading: 'lazy', decoding: 'async', width: '1200', height: '800' });
  });

  it('leaves SVG as a plain <img>: in Markdown as written, in templates with the given size', () => {
    const doc = page(fx, 'post/evening-walk.html');
    const svgs = $$(doc, 'img').filter((i) => i.attrs.src === '/images/logo.svg');
    expect(svgs.length).toBe(2);
    for (const s of svgs) expect(s.parent?.tag).not.toBe('picture');
    expect(svgs.find((s) => s.attrs.alt === 'Fixture logo')!.attrs).toMatchObject({ width: '40', height: '40', loading: 'lazy', decoding: 'async' });
  });

  it('every address in every srcset and src names a file of the output', () => {
    for (const file of ['index.html', 'post/evening-walk.html', 'post/morning-coffee.html']) {
      const doc = page(fx, file);
      const urls = [...$$(doc, 'source'), ...$$(doc, 'img')].flatMap((e: Element) => [e.attrs.src, ...(e.attrs.srcset ? candidates(e.attrs.srcset).map(([u]) => u) : [])]).filter(Boolean);
      for (const url of urls) expect(existsSync(join(fx.root, 'dist', url!)), `${file}: ${url}`).toBe(true);
    }
  });

  it('a warm build encodes nothing, and a build with --no-cache writes nothing to .cache/images but the same files', () => {
    writeFileSync(join(fx.root, 'content/posts/morning-coffee.md'), `${fx.read('content/posts/morning-coffee.md')}\nOne more line.\n`);
    const before = Object.fromEntries(encodedFiles(fx).map((f) => [f, statSync(join(fx.root, 'dist/assets/img', f)).mtimeMs]));
    const warm = build(fx);
    expect(warm.status, warm.stderr).toBe(0);
    expect(warm.stdout).toContain('Images: 3 (0 encoded, 3 from the cache)');
    // Unchanged encoded files are left in place, not written again.
    expect(Object.fromEntries(encodedFiles(fx).map((f) => [f, statSync(join(fx.root, 'dist/assets/img', f)).mtimeMs]))).toEqual(before);

    const cache = join(fx.root, '.cache', 'images');
    const cached = () => readdirSync(cache, { recursive: true }).map(String).sort().map((f) => `${f} ${statSync(join(cache, f)).mtimeMs}`);
    const cachedBefore = cached();
    expect(cachedBefore.length).toBeGreaterThan(0);
    const uncached = build(fx, '--no-cache', '--out', 'dist-uncached');
    expect(uncached.status, uncached.stderr).toBe(0);
    // Neither read nor written: both images encoded again, and the cache folder as it was.
    expect(uncached.stdout).toContain('Images: 3 (3 encoded, 0 from the cache)');
    expect(cached()).toEqual(cachedBefore);
    // Deterministic: the same names and the same bytes as the first build.
    expect(encodedFiles(fx, 'dist-uncached')).toEqual(encodedFiles(fx));
    for (const f of encodedFiles(fx)) {
      expect(readFileSync(join(fx.root, 'dist-uncached/assets/img', f)).equals(readFileSync(join(fx.root, 'dist/assets/img', f))), f).toBe(true);
    }
  }, 120_000);

  it('a changed image gets new names on every page that shows it; a removed one disappears with its files', async () => {
    const oldBeach = encodedFiles(fx).filter((f) => f.startsWith('beach-'));
    writeFileSync(join(fx.root, 'public/images/beach.jpg'), await photo(900, 600, 7));
    const changed = build(fx);
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('Images: 3 (1 encoded, 2 from the cache)');
    const beach = encodedFiles(fx).filter((f) => f.startsWith('beach-'));
    expect(beach.some((f) => oldBeach.includes(f))).toBe(false);
    expect(beach.filter((f) => f.endsWith('.jpg')).map((f) => f.replace(/-[0-9a-f]{10}-/, '-#-'))).toEqual(['beach-#-240.jpg', 'beach-#-400.jpg', 'beach-#-600.jpg', 'beach-#-800.jpg']);
    const hash = /beach-([0-9a-f]{10})-/.exec(beach[0])![1];
    for (const file of ['index.html', 'post/evening-walk.html', 'post/morning-coffee.html']) {
      const html = readFileSync(join(fx.root, 'dist', file), 'utf8');
      expect(html, file).toContain(`beach-${hash}-800.jpg`);
      expect(html, file).toContain('width="900" height="600"');
    }

    unlinkSync(join(fx.root, 'content/posts/walks/park.png'));
    fx.write('content/posts/walks/evening-walk.md', fx.read('content/posts/walks/evening-walk.md').replace('![A path through the park](./park.png)\n', ''));
    const removed = build(fx);
    expect(removed.status, removed.stderr).toBe(0);
    expect(encodedFiles(fx).filter((f) => f.startsWith('park-'))).toEqual([]);
    expect(encodedFiles(fx).length).toBe(12 + 3);
  }, 120_000);
});

describe('images: problems', () => {
  let fx: FixtureCopy;
  let result: CliResult;
  let indexBefore: string;
  beforeAll(async () => {
    fx = await imageSite('heartnotes-images-errors-');
    const ok = build(fx);
    expect(ok.status, ok.stderr).toBe(0);
    indexBefore = fx.read('dist/index.html');
    writeFileSync(join(fx.root, 'public/images/broken.jpg'), 'this is text, not a JPEG\n');
    writeFileSync(join(fx.root, 'public/images/badge.png'), 'not a PNG either\n');
    fx.write(
      'content/posts/broken.md',
      [
        '---',
        'title: Broken pictures',
        'date: 2025-03-03',
        'cover: /images/missing.jpg',
        '---',
        '',
        'A file renamed to .jpg:',
        '',
        '![Not a photo](/images/broken.jpg)',
        '',
        'A photo that is not there:',
        '',
        '![Gone](./nowhere.jpg)',
        '',
      ].join('\n'),
    );
    result = build(fx);
  }, 120_000);
  afterAll(() => fx?.cleanup());

  it('fails once with every image problem at its file:line, and leaves the previous output', () => {
    expect(result.status, result.stdout).toBe(1);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr).toContain('content/posts/broken.md:4:8');
    expect(result.stderr).toMatch(/content\/posts\/broken\.md:9:\d+: image "\/images\/broken\.jpg" \(public\/images\/broken\.jpg\) cannot be read as an image/);
    expect(result.stderr).toMatch(/content\/posts\/broken\.md:13:\d+: image "\.\/nowhere\.jpg" names no file beside the Markdown file/);
    expect(result.stderr).toContain('renaming a file to .jpg does not convert it');
    // Shown by a template only: on the page that shows it (/404 has no source file: at the image).
    expect(result.stderr).toMatch(/public\/images\/badge\.png: image "\/images\/badge\.png" \(public\/images\/badge\.png\) on page \/404 cannot be read as an image/);
    expect(result.stderr).toContain('4 problems found; nothing was written.');
    expect(fx.read('dist/index.html')).toBe(indexBefore);
  });
});

describe('images: a build whose entries come from the validation cache', () => {
  let fx: FixtureCopy;
  beforeAll(async () => {
    fx = await imageSite('heartnotes-images-known-');
  }, 120_000);
  afterAll(() => fx?.cleanup());

  it('still finds a front-matter image that is gone, at its field, though it parses that front matter only to say where', async () => {
    writeFileSync(join(fx.root, 'public/images/pier.png'), await pngWithAlpha());
    fx.write('content/posts/pier.md', ['---', 'title: The pier', 'date: 2025-03-03', 'cover: /images/pier.png', 'coverAlt: A pier', '---', '', 'Out to the end and back.', ''].join('\n'));
    const first = build(fx);
    expect(first.status, first.stderr).toBe(0);
    expect(fx.read('dist/post/pier.html')).toContain('The pier');
    // The post's text is unchanged: its entry, and where its front matter names images, come from the cache.
    unlinkSync(join(fx.root, 'public/images/pier.png'));
    const second = build(fx);
    expect(second.status, second.stdout).toBe(1);
    expect(second.stderr).toMatch(/content\/posts\/pier\.md:4:8: image "\/images\/pier\.png" .*names no file/);
  });
});

describe('images: dev', () => {
  let fx: FixtureCopy;
  let server: RunningCli | undefined;
  beforeAll(async () => {
    fx = await imageSite('heartnotes-images-dev-');
    server = await startCli(['dev', '--root', fx.root, '--port', '0'], 120_000);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    fx?.cleanup();
  });
  const html = async (path: string) => (await fetch(new URL(path, server!.url))).text();

  it('picks up a new image beside the Markdown and a changed image in public/', async () => {
    writeFileSync(join(fx.root, 'content/posts/walks/lake.png'), await pngWithAlpha());
    fx.write('content/posts/walks/evening-walk.md', `${fx.read('content/posts/walks/evening-walk.md')}\n![A lake](./lake.png)\n`);
    const withLake = await eventually(() => html('/post/evening-walk'), (h) => /<img src="\/assets\/img\/lake-[0-9a-f]{10}-500\.png"/.test(h), 60_000);
    expect(withLake).toMatch(/<source type="image\/avif" srcset="\/assets\/img\/lake-[0-9a-f]{10}-240\.avif 240w/);
    const lake = /lake-[0-9a-f]{10}-240\.avif/.exec(withLake)![0];
    expect((await fetch(new URL(`/assets/img/${lake}`, server!.url))).headers.get('content-type')).toMatch(/avif/);

    writeFileSync(join(fx.root, 'public/images/beach.jpg'), await photo(900, 600, 3));
    const changed = await eventually(() => html('/post/morning-coffee'), (h) => h.includes('width="900" height="600"'), 60_000);
    expect(changed).toContain('width="900" height="600"');
    expect(await html('/')).toContain('width="900" height="600"');
  }, 150_000);
});

describe('images: covers beside the Markdown file (relative front-matter fields)', () => {
  let fx: FixtureCopy;
  let result: CliResult;
  beforeAll(async () => {
    fx = await imageSite('heartnotes-images-beside-');
    addCoversBeside(fx, await photo(1000, 500, 5));
    result = build(fx);
  }, 120_000);
  afterAll(() => fx?.cleanup());

  it('publishes an SVG cover beside its post under a hashed name, with the same bytes, on the post and its card', () => {
    expect(result.status, result.stderr).toBe(0);
    const copies = encodedFiles(fx).filter((f) => f.startsWith('night-sky-'));
    expect(copies).toEqual([expect.stringMatching(/^night-sky-[0-9a-f]{10}\.svg$/)]);
    expect(readFileSync(join(fx.root, 'dist/assets/img', copies[0]), 'utf8')).toBe(NIGHT_SKY_SVG);
    const cover = $(page(fx, 'post/night-walk.html'), 'img.cover')!;
    expect(cover.attrs).toMatchObject({ src: `/assets/img/${copies[0]}`, alt: 'A crescent moon', fetchpriority: 'high' });
    const card = $$(page(fx, 'index.html'), 'img').find((i) => i.attrs.alt === 'A crescent moon')!;
    expect(card.attrs.src).toBe(`/assets/img/${copies[0]}`);
  });

  it('encodes a photo cover beside its post like any raster image: a <picture> of AVIF, WebP and JPEG at its own size', () => {
    const img = $(page(fx, 'post/dawn-walk.html'), 'img.cover')!;
    expect(img.parent?.tag).toBe('picture');
    expect(img.attrs).toMatchObject({ width: '1000', height: '500', alt: 'First light over the fields' });
    expect(img.attrs.src).toMatch(/^\/assets\/img\/dawn-[0-9a-f]{10}-800\.jpg$/);
    expect($$(img.parent!, 'source').map((s) => s.attrs.type)).toEqual(['image/avif', 'image/webp']);
    expect(existsSync(join(fx.root, 'dist', img.attrs.src))).toBe(true);
  });

  it('a changed SVG beside the post gets a new name on the post, and the old copy goes', () => {
    const before = encodedFiles(fx).filter((f) => f.startsWith('night-sky-'));
    fx.write('content/posts/walks/night-sky.svg', NIGHT_SKY_SVG.replace('#e8b64c', '#f0c35e'));
    const again = build(fx);
    expect(again.status, again.stderr).toBe(0);
    const after = encodedFiles(fx).filter((f) => f.startsWith('night-sky-'));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect($(page(fx, 'post/night-walk.html'), 'img.cover')!.attrs.src).toBe(`/assets/img/${after[0]}`);
  }, 120_000);

  it('a cover that names no file beside the post is an error at its field, and nothing is written', () => {
    const index = fx.read('dist/index.html');
    fx.write('content/posts/walks/night-walk.md', fx.read('content/posts/walks/night-walk.md').replace('cover: ./night-sky.svg', 'cover: ./night-skies.svg'));
    const failed = build(fx);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/content\/posts\/walks\/night-walk\.md:4:8: image "\.\/night-skies\.svg" names no file beside the Markdown file \(nor in public\/\)/);
    // Once, at the field: not again at each page that shows it.
    expect(failed.stderr.match(/night-skies/g)).toHaveLength(2);
    expect(failed.stderr).toContain('1 problem found; nothing was written.');
    expect(fx.read('dist/index.html')).toBe(index);
  }, 120_000);
});
