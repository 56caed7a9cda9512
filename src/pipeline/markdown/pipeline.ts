import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { rehypeSafeUrls } from './safe-urls.ts';
import { rehypeExternalLinks, type ExternalLinkOptions } from './external-links.ts';
import { rehypeHeadingIds } from './heading-ids.ts';
import { rehypeTableScroll } from './table-scroll.ts';
import { rehypePictureImages } from './picture-images.ts';

export type MarkdownOptions = ExternalLinkOptions;

/**
 * Turns Markdown into sanitised HTML. Synchronous, so templates can call it while rendering.
 * `source` is the Markdown file (root-relative), against which relative image paths resolve (optional).
 */
export type MarkdownRenderer = (markdown: string, source?: string) => string;

/**
 * Builds the Markdown pipeline: remark-parse → GFM tables and strikethrough → remark-rehype →
 * safe URLs → rehype-sanitize → external/affiliate links, heading ids, table scroll boxes and
 * `<picture>`s for processed images (picture-images.ts) → rehype-stringify.
 *
 * # Design decision
 * Only the GFM features the content uses are enabled. `remark-gfm` would add autolink literals,
 * footnotes and task lists; autolink literals alone cost ~35 % of parse time on a 700-word page
 * and no page uses a bare URL. Raw HTML is never passed through: remark-rehype drops it, and
 * sanitising afterwards guards against anything a plugin lets slip.
 */
export function createMarkdownRenderer(options: MarkdownOptions, parseTimer?: ParseTimer): MarkdownRenderer {
  const processor = markdownParser()
    .use(remarkRehype)
    .use(rehypeSafeUrls)
    .use(rehypeSanitize)
    .use(rehypeExternalLinks, options)
    .use(rehypeHeadingIds)
    .use(rehypeTableScroll)
    .use(rehypePictureImages)
    .use(rehypeStringify)
    .freeze();
  if (!parseTimer) return (markdown, source) => String(processor.processSync(source ? { value: markdown, data: { source } } : markdown));
  // processSync's three steps, the parse timed on its own: the floor `build --verbose` shows.
  return (markdown, source) => {
    // Each step makes its own VFile of `file`; they share its data (the Markdown file's path).
    const file = source ? { value: markdown, data: { source } } : markdown;
    const started = parseTimer.clock();
    const tree = processor.parse(file);
    parseTimer.ms += parseTimer.clock() - started;
    return String(processor.stringify(processor.runSync(tree, file), file));
  };
}

/** remark-parse with the GFM subset the content uses: the pipeline's first step, alone (`bench/floor.mjs` times it). */
export function markdownParser() {
  return unified()
    .use(remarkParse)
    .use(function gfmSubset(this: Processor) {
      const data = this.data();
      (data.micromarkExtensions ??= []).push(gfmTable(), gfmStrikethrough());
      (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown());
    });
}

/** Sums the time `remark-parse` takes, by `clock` (milliseconds, e.g. this thread's CPU time). */
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
