import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { codeFrame } from '../../diagnostics/frame.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { SourceTexts } from '../links/links.ts';
import type { Route } from '../types.ts';
import type { ImageRef } from '../validate/validate.ts';
import { imageKey, type ImageManifest } from './image-set.ts';
import { IMAGE_DIR, type ImageSet } from './process-images.ts';

/** Anything in text that looks like a path to a raster image. */
const RASTER_PATH = /[^\s"'`()<>[\]{}\\,;]+\.(?:jpe?g|png|webp|gif|avif)(?![\w.])/gi;

/**
 * The processed images a text names, as `key=hash` in a stable order: what HTML made from the
 * text depends on. Relative paths resolve against `from`.
 */
export function imagesNamed(text: string, manifest: ImageManifest, from: string | undefined): string[] {
  // No images (most sites, most builds): no scan of the text at all.
  for (const _ in manifest) return scan(text, manifest, from);
  return [];
}

function scan(text: string, manifest: ImageManifest, from: string | undefined): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(RASTER_PATH)) {
    const key = imageKey(m[0], from);
    const info = key === undefined ? undefined : manifest[key];
    if (info) found.add(`${key}=${info.hash}`);
  }
  return [...found].sort();
}

/**
 * Each route's image key: the processed images its data names (props, front matter, body) and
 * those no route's data names, which only a template can show (a logo, say), so every page
 * depends on them. A changed image thus re-renders the pages that show it. Empty strings when the
 * site has no raster images, at no cost.
 *
 * # Design decision
 * Listing pages carry many entries in their props, and the same objects recur across pages: the
 * data is walked value by value with what each object names remembered, instead of scanning each
 * route's JSON (which cost 1–2 s on 4,000 pages).
 */
export function pageImageKeys(routes: Route[], manifest: ImageManifest): Map<Route, string> {
  const keys = new Map<Route, string>();
  if (!Object.keys(manifest).length) {
    for (const r of routes) keys.set(r, '');
    return keys;
  }
  const named = new Map<Route, string[]>();
  const used = new Set<string>();
  const walk = namesInData(manifest);
  for (const r of routes) {
    const found = new Set([...walk(r.props), ...(r.entry ? walk(r.entry.data) : []), ...(r.entry ? imagesNamed(r.entry.body, manifest, r.entry.file) : [])]);
    const list = [...found].sort();
    named.set(r, list);
    for (const f of list) used.add(f);
  }
  // An encoded file's own address (a raster beside the content, named by a front-matter field)
  // is never in a template: only data names it.
  const unnamed = Object.entries(manifest).filter(([k]) => !k.startsWith(`/${IMAGE_DIR}/`)).map(([k, info]) => `${k}=${info.hash}`).filter((f) => !used.has(f)).sort();
  for (const [r, found] of named) keys.set(r, [...found, ...unnamed].join('\n'));
  return keys;
}

/** A cheap first test: text that may hold a raster image path. */
const MAYBE_RASTER = /\.(?:jpe?g|png|webp|gif|avif)/i;

/**
 * What plain data names (site paths only: a relative path means nothing outside its Markdown
 * file), with each object's answer kept for the next route that holds the same object.
 */
function namesInData(manifest: ImageManifest): (value: unknown) => string[] {
  const seen = new WeakMap<object, string[]>();
  const walk = (value: unknown): string[] => {
    if (typeof value === 'string') return MAYBE_RASTER.test(value) ? imagesNamed(value, manifest, undefined) : [];
    if (!value || typeof value !== 'object') return [];
    const known = seen.get(value);
    if (known) return known;
    seen.set(value, []); // a cycle names nothing more
    const found = new Set<string>();
    for (const v of Array.isArray(value) ? value : Object.values(value)) for (const f of walk(v)) found.add(f);
    const list = [...found];
    seen.set(value, list);
    return list;
  };
  return walk;
}

/** A Markdown image: `![alt](src` (the address as written, and where it starts). */
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)/g;

/**
 * The images that could not be read, reported where they are used: at each Markdown image and
 * front-matter field that names one (file:line); else on each rendered page that shows it (a
 * template did: at the page's source file, naming the page); else at the image file itself.
 */
export function imageFailureDiagnostics(
  images: ImageSet,
  texts: SourceTexts,
  frontMatter: ImageRef[],
  pages: { path: string; source?: string; links: string[] }[] = [],
): Diagnostic[] {
  if (!images.failures.size) return [];
  const out: Diagnostic[] = [];
  const reported = new Set<string>();
  for (const [file, text] of texts) {
    if (!file.endsWith('.md')) continue;
    for (const m of text.matchAll(MARKDOWN_IMAGE)) {
      const key = imageKey(m[1], file);
      const failure = key === undefined ? undefined : images.failures.get(key);
      if (!failure) continue;
      reported.add(key!);
      const offset = m.index! + m[0].length - m[1].length;
      const lines = text.slice(0, offset).split('\n');
      const at = { line: lines.length, column: [...lines[lines.length - 1]].length + 1 };
      out.push({ ...messages.imageUnreadable(m[1], failure), file, ...at, frame: codeFrame(text, at.line, at.column) });
    }
  }
  for (const ref of frontMatter) {
    const key = imageKey(ref.src, ref.file);
    const failure = key === undefined ? undefined : images.failures.get(key);
    if (!failure) continue;
    reported.add(key!);
    out.push({ ...messages.imageUnreadable(ref.src, failure), ...ref.locate() });
  }
  for (const [key, failure] of images.failures) {
    if (reported.has(key)) continue;
    const showing = key.startsWith('/') ? pages.filter((p) => p.links.some((l) => imageKey(l, undefined) === key)) : [];
    for (const p of showing) out.push({ ...messages.imageUnreadable(key, failure, p.path), file: p.source ?? failure.file });
    if (!showing.length) out.push({ ...messages.imageUnreadable(key, failure), file: failure.file });
  }
  return out;
}
