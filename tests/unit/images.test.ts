// The image step's pure parts on literals (docs/images.md): how references resolve, which widths
// an image gets, what a page's image key holds, and the markup of Markdown images and `Picture`.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { widthsFor } from '../../src/pipeline/images/encode.ts';
import { imageKey, type ImageInfo, type ImageManifest, type PageImages } from '../../src/pipeline/images/image-set.ts';
import { Picture } from '../../src/pipeline/images/picture.tsx';
import { InScope, pageScope } from '../../src/pipeline/render/island.tsx';
import { imagesNamed, pageImageKeys } from '../../src/pipeline/images/references.ts';
import { createMarkdownRenderer } from '../../src/pipeline/markdown/pipeline.ts';
import type { Route } from '../../src/pipeline/types.ts';

const info = (name: string, width: number, height: number, fallback: ImageInfo['fallback'] = 'jpeg'): ImageInfo => ({
  width,
  height,
  hash: `${name}0000000`.slice(0, 10),
  fallback,
  variants: (['avif', 'webp', fallback] as const).flatMap((format) =>
    [480, 800].map((w) => ({ format, width: w, url: `/assets/img/${name}-${w}.${format === 'jpeg' ? 'jpg' : format}` })),
  ),
});

const manifest: ImageManifest = {
  '/images/beach.jpg': info('beach', 2400, 1600),
  'content/posts/park.png': info('park', 1000, 700, 'png'),
  '/images/logo.png': info('logo', 800, 800, 'png'),
};

describe('imageKey', () => {
  it.each([
    ['/images/beach.jpg?v=2#top', undefined, '/images/beach.jpg'],
    ['/images/caf%C3%A9.jpg', undefined, '/images/café.jpg'],
    ['./park.png', 'content/posts/walk.md', 'content/posts/park.png'],
    ['park.png', 'content/posts/walk.md', 'content/posts/park.png'],
    ['../shared/park.png', 'content/posts/walk.md', 'content/shared/park.png'],
    ['./park.png', undefined, undefined],
    ['https://cdn.example/beach.jpg', 'content/posts/walk.md', undefined],
    ['//cdn.example/beach.jpg', undefined, undefined],
  ])('%s from %s → %s', (src, from, key) => expect(imageKey(src, from)).toBe(key));
});

describe('widthsFor', () => {
  const widths = [480, 800, 1200, 1600];
  it.each([
    [2400, [480, 800, 1200, 1600]],
    [1600, [480, 800, 1200, 1600]],
    [1000, [480, 800, 1000]],
    [300, [300]],
  ])('a %i px image is encoded at %j, never wider than itself', (own, expected) => expect(widthsFor(own, widths)).toEqual(expected));
});

describe('pageImageKeys', () => {
  const route = (path: string, props: Record<string, unknown>, body?: string): Route => ({
    path,
    outFile: `${path.slice(1) || 'index'}.html`,
    template: 'x',
    props,
    sources: [],
    ...(body === undefined ? {} : { entry: { id: 'walk', slug: 'walk', file: 'content/posts/walk.md', data: {}, body, bodyLine: 5 } }),
  });

  it('names what each page shows, plus what no page names (a template may show it), and nothing without images', () => {
    const shared = { cover: '/images/beach.jpg' };
    const routes = [route('/', { cards: [shared, shared] }), route('/post/walk', {}, 'See ![a park](./park.png).'), route('/about', {})];
    const keys = pageImageKeys(routes, manifest);
    expect(keys.get(routes[0])).toBe('/images/beach.jpg=beach00000\n/images/logo.png=logo000000');
    expect(keys.get(routes[1])).toBe('content/posts/park.png=park000000\n/images/logo.png=logo000000');
    expect(keys.get(routes[2])).toBe('/images/logo.png=logo000000');
    expect([...pageImageKeys(routes, {}).values()]).toEqual(['', '', '']);
  });

  it('imagesNamed finds paths in text, resolved against the file', () => {
    expect(imagesNamed('![a](./park.png) and ![b](/images/beach.jpg "t") and ![c](/images/none.jpg)', manifest, 'content/posts/walk.md')).toEqual([
      '/images/beach.jpg=beach00000',
      'content/posts/park.png=park000000',
    ]);
    expect(imagesNamed('![a](/images/beach.jpg)', {}, undefined)).toEqual([]);
  });
});

describe('Markdown images', () => {
  let images: PageImages | undefined;
  const render = createMarkdownRenderer({ images: () => images });

  it('a processed image beside the file becomes a lazy <picture> of its real size; SVG and missing images stay as written', () => {
    images = { manifest, sizes: '(max-width: 800px) 100vw, 800px' };
    const html = render('![A park](./park.png)\n\n![Logo](/images/logo.svg)\n\n![Gone](./gone.jpg)', 'content/posts/walk.md');
    expect(html).toBe(
      '<p><picture>' +
        '<source type="image/avif" srcset="/assets/img/park-480.avif 480w, /assets/img/park-800.avif 800w" sizes="(max-width: 800px) 100vw, 800px">' +
        '<source type="image/webp" srcset="/assets/img/park-480.webp 480w, /assets/img/park-800.webp 800w" sizes="(max-width: 800px) 100vw, 800px">' +
        '<img src="/assets/img/park-800.png" alt="A park" loading="lazy" decoding="async" srcset="/assets/img/park-480.png 480w, /assets/img/park-800.png 800w" sizes="(max-width: 800px) 100vw, 800px" width="1000" height="700">' +
        '</picture></p>\n' +
        '<p><img src="/images/logo.svg" alt="Logo" loading="lazy" decoding="async"></p>\n' +
        '<p><img src="./gone.jpg" alt="Gone" loading="lazy" decoding="async"></p>',
    );
  });

  it('renders plain images when the site has none processed', () => {
    images = undefined;
    expect(render('![A park](./park.png)', 'content/posts/walk.md')).toBe('<p><img src="./park.png" alt="A park" loading="lazy" decoding="async"></p>');
  });
});

describe('Picture', () => {
  // Rendered as a page renders it: the page's scope (React context) brings the images.
  const html = (props: Parameters<typeof Picture>[0], images?: PageImages) =>
    renderToStaticMarkup(createElement(InScope, { scope: pageScope({}, '/', images) }, createElement(Picture, props)));

  it('an SVG is the <img> a template would write by hand', () => {
    expect(html({ src: '/images/cover.svg', alt: 'A cover', width: 1200, height: 630 })).toBe(
      '<img src="/images/cover.svg" alt="A cover" width="1200" height="630" loading="lazy" decoding="async"/>',
    );
    // (Rendered alone, React adds a preload for a high-priority <img>; in a document it goes in the head.)
    expect(html({ className: 'cover', src: '/images/cover.svg', alt: '', width: 1200, height: 630, priority: true })).toContain(
      '<img class="cover" src="/images/cover.svg" alt="" width="1200" height="630" fetchPriority="high"/>',
    );
  });

  it('a processed image is a <picture> with the file\'s size; priority loads it eagerly with high priority', () => {
    const out = html({ src: '/images/beach.jpg', alt: 'A beach', width: 1200, height: 630, sizes: '50vw', priority: true }, { manifest, sizes: '100vw' });
    expect(out).toMatch(/^<picture><source type="image\/avif" srcSet="\/assets\/img\/beach-480\.avif 480w, \/assets\/img\/beach-800\.avif 800w" sizes="50vw"\/><source type="image\/webp"/);
    expect(out).toContain('<img src="/assets/img/beach-800.jpg" srcSet="/assets/img/beach-480.jpg 480w, /assets/img/beach-800.jpg 800w" sizes="50vw" alt="A beach" width="2400" height="1600" fetchPriority="high"/></picture>');
    expect(out).not.toContain('loading=');
    // No preload of the fallback: the browser picks the AVIF.
    expect(out).not.toContain('rel="preload"');
  });
});
