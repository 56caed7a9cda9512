import type { Root } from 'hast';
import { unified } from 'unified';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { parseMarkdown } from './parse.ts';
import { fastHtml } from './to-html.ts';
import { rehypeSafeUrls } from './safe-urls.ts';
import { rehypeExternalLinks, type ExternalLinkOptions } from './external-links.ts';
import { rehypeLazyImages } from './lazy-images.ts';
import { rehypeHeadingIds } from './heading-ids.ts';
import { rehypeTableScroll } from './table-scroll.ts';
import { rehypePictureImages } from './picture-images.ts';
import type { PageImages } from '../images/image-set.ts';

/** `images`: the build's processed images at the time of a render, for `<picture>`s (default: none). */
export type MarkdownOptions = ExternalLinkOptions & { images?: () => PageImages | undefined };

/**
 * Turns Markdown into sanitised HTML. Synchronous, so templates can call it while rendering.
 * `source` is the Markdown file (root-relative), against which relative image paths resolve (optional).
 */
export type MarkdownRenderer = (markdown: string, source?: string) => string;

/**
 * Builds the Markdown pipeline: markdown-it with GFM tables and strikethrough, straight to a hast
 * tree (parse.ts) → safe URLs → rehype-sanitize → external and sponsored links, lazy images,
 * heading ids, table scroll boxes and `<picture>`s for processed images (picture-images.ts) →
 * HTML (to-html.ts: rehype-stringify's output, by a shorter path). Lazy images come before
 * pictures: a `<picture>`'s `<img>` keeps its attributes in the order they were set.
 *
 * # Design decision
 * Only the GFM features the content uses are enabled: no autolink literals, footnotes or task
 * lists, and no page uses a bare URL. Raw HTML is never passed through: the parse drops it, and
 * sanitising afterwards guards against anything a plugin lets slip.
 */
export function createMarkdownRenderer(options: MarkdownOptions, parseTimer?: ParseTimer): MarkdownRenderer {
  const processor = markdownProcessor(options);
  return (markdown, source) => {
    // Each step makes its own VFile of `file`; they share its data (the Markdown file's path).
    const file = source ? { value: markdown, data: { source } } : markdown;
    const started = parseTimer?.clock();
    const tree = parseMarkdown(markdown);
    if (parseTimer) parseTimer.ms += parseTimer.clock() - started!;
    const clean = processor.runSync(tree, file);
    return fastHtml(clean as Root) ?? String(processor.stringify(clean, file));
  };
}

/** The plugins a parsed tree goes through, and rehype-stringify (which fastHtml stands in for). */
export function markdownProcessor(options: MarkdownOptions) {
  return unified()
    .use(rehypeSafeUrls)
    .use(rehypeSanitize)
    .use(rehypeExternalLinks, options)
    .use(rehypeLazyImages)
    .use(rehypeHeadingIds)
    .use(rehypeTableScroll)
    .use(rehypePictureImages, options.images)
    .use(rehypeStringify)
    .freeze();
}

/** Sums the time the Markdown parse (parse.ts) takes, by `clock` (milliseconds, e.g. this thread's CPU time). */
export interface ParseTimer {
  clock: () => number;
  ms: number;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g;

/**
 * Placeholders in `markdown` that name none of the `known` fields, each at its 1-based line and
 * column: they would become empty text, which is a typo more often than an intent.
 */
export function unknownPlaceholders(markdown: string, known: string[]): { name: string; line: number; column: number }[] {
  const found: { name: string; line: number; column: number }[] = [];
  markdown.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(PLACEHOLDER)) if (!known.includes(m[1])) found.push({ name: m[1], line: i + 1, column: m.index! + 1 });
  });
  return found;
}

/**
 * Replaces `{{field}}` with the same-named field of `data`, or with nothing when it has none.
 * Values are text, not Markdown: characters Markdown would act on are escaped.
 */
export function fillPlaceholders(markdown: string, data: Record<string, unknown>): string {
  return markdown.replace(PLACEHOLDER, (_, name: string) => {
    const value = data[name];
    if (value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value))) return '';
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    return text.replace(/[\\`*_[\]<>#|~!]/g, '\\$&');
  });
}
