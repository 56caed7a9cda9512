import type { Element, Root } from 'hast';
import { fallbackOf, imageKey, mimeOf, sourceFormats, srcsetOf } from '../images/image-set.ts';
import { forEachElement } from './walk.ts';
import type { PageImages } from '../images/image-set.ts';

/**
 * Turns each Markdown image the build processed (a raster file in `public/` or beside the
 * Markdown file) into a `<picture>`: AVIF and WebP `<source>`s and an `<img>` in the file's own
 * format, each with a `srcset`, and the real width and height, loaded lazily. The Markdown file is
 * `file.data.source` (root-relative), against which `./walk.jpg` resolves. Other images (SVG, an
 * address off the site, a missing file, which the link check reports) are left as they are.
 * `imagesNow` gives the build's images at the time of each render (dev's may change between two).
 */
export function rehypePictureImages(imagesNow: () => PageImages | undefined = () => undefined) {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const images = imagesNow();
    if (!images || !Object.keys(images.manifest).length) return;
    const from = typeof file.data.source === 'string' ? file.data.source : undefined;
    // The <img> each <picture> is given names an encoded file, which the manifest may list too
    // (the fallback of an image beside the content, for front-matter fields): it is not redone.
    const made = new WeakSet<Element>();
    forEachElement(tree, (node) => {
      if (node.tagName !== 'img' || typeof node.properties.src !== 'string' || made.has(node)) return;
      const key = imageKey(node.properties.src, from);
      const info = key ? images.manifest[key] : undefined;
      if (!info) return;
      const sizes = images.sizes;
      const sources: Element[] = sourceFormats(info).map((f) => ({
        type: 'element', tagName: 'source', properties: { type: mimeOf(f), srcSet: srcsetOf(info, f), sizes }, children: [],
      }));
      const img: Element = {
        type: 'element',
        tagName: 'img',
        properties: {
          ...node.properties,
          src: fallbackOf(info).url, srcSet: srcsetOf(info, info.fallback), sizes,
          width: info.width, height: info.height, loading: 'lazy', decoding: 'async',
        },
        children: [],
      };
      made.add(img);
      // The element becomes the <picture> in place; the walk then visits its new children, whose
      // addresses are the encoded files', not the manifest's.
      Object.assign(node, { tagName: 'picture', properties: {}, children: [...sources, img] });
    });
  };
}
