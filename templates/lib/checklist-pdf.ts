import type { Entry } from '../../src/index.ts';
import type { GuideData } from '../schemas.ts';
import { writePdf, type Block } from './pdf.ts';

/** Markdown inline syntax reduced to plain text (links keep their words). */
function plain(md: string): string {
  return md
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/\s*\{#[\w-]+\}\s*$/, '')
    .trim();
}

/**
 * The breakup checklist as a printable PDF, from the page's own Markdown: its intro paragraphs,
 * each `##` heading, and each list item as a checkbox line. Editing the page edits the PDF.
 */
export function breakupChecklistPdf(entry: Entry<GuideData>): Uint8Array {
  const blocks: Block[] = [{ kind: 'title', text: entry.data.title }];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: plain(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of entry.body.split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^#{2,3}\s+(.*)$/.exec(line);
    const item = /^(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: plain(heading[1]) });
    } else if (item) {
      flush();
      blocks.push({ kind: 'checkbox', text: plain(item[1]) });
    } else if (!line.startsWith('#') && !line.startsWith('>') && !line.startsWith('|')) {
      paragraph.push(line);
    }
  }
  flush();
  blocks.push({ kind: 'note', text: 'From Heart Notes (heartnotes.example/breakup-checklist). Be kind to yourself: this is a list of options, not a test.' });
  return writePdf(blocks, { title: entry.data.title });
}
