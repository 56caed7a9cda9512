/**
 * A small, dependency-free PDF writer for text documents: Helvetica and Helvetica-Bold (the
 * standard fonts every reader has), word-wrapped paragraphs, headings, checkbox lists, and as
 * many pages as the text needs. Output is deterministic (no dates, no ids).
 *
 * # Design decision
 * A library such as pdf-lib or pdfkit would do this and much more, at 1-2 MB of dependencies for
 * one checklist; the subset we need (text, lines, rectangles) is about 150 lines of the format.
 */

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'checkbox'; text: string }
  | { kind: 'note'; text: string };

// Advance widths (1/1000 em) of ASCII 32–126, from the Adobe font metrics.
const HELVETICA = [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584];
const HELVETICA_BOLD = [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584];

// Characters outside ASCII that WinAnsiEncoding has, with their byte.
const WIN_ANSI: Record<string, number> = {
  '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '•': 0x95, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '™': 0x99,
};

function encode(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 32 && code < 127) bytes.push(code);
    else if (WIN_ANSI[ch] !== undefined) bytes.push(WIN_ANSI[ch]);
    else if (code >= 0xa0 && code <= 0xff) bytes.push(code);
    else bytes.push(0x3f); // "?" for what the standard fonts cannot show
  }
  return bytes;
}

function widthOf(bytes: number[], size: number, bold: boolean): number {
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const b of bytes) units += b >= 32 && b < 127 ? table[b - 32] : 556;
  return (units * size) / 1000;
}

/** A PDF string literal: `(`, `)` and `\` escaped, bytes above 126 as octal. */
function literal(bytes: number[]): string {
  let out = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b > 126) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

function wrap(text: string, width: number, size: number, bold: boolean): number[][] {
  const lines: number[][] = [];
  let line: number[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line.length ? [...line, 0x20, ...encode(word)] : encode(word);
    if (line.length && widthOf(candidate, size, bold) > width) {
      lines.push(line);
      line = encode(word);
    } else line = candidate;
  }
  if (line.length) lines.push(line);
  return lines;
}

const PAGE_W = 612; // US Letter
const PAGE_H = 792;
const MARGIN = 64;

const styles = {
  title: { size: 22, bold: true, before: 0, after: 14, indent: 0 },
  heading: { size: 14, bold: true, before: 16, after: 6, indent: 0 },
  paragraph: { size: 11, bold: false, before: 0, after: 8, indent: 0 },
  checkbox: { size: 11, bold: false, before: 0, after: 5, indent: 20 },
  note: { size: 9, bold: false, before: 12, after: 0, indent: 0 },
} as const;

/** Lays the blocks out on pages and returns the PDF file's bytes. */
export function writePdf(blocks: Block[], meta: { title: string }): Uint8Array {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  const newPage = () => {
    if (ops.length) pages.push(ops.join('\n'));
    ops = [];
    y = PAGE_H - MARGIN;
  };
  for (const block of blocks) {
    const st = styles[block.kind];
    const lineHeight = st.size * 1.35;
    const lines = wrap(block.text, PAGE_W - 2 * MARGIN - st.indent, st.size, st.bold);
    // Keep a heading with at least two lines of what follows.
    const needed = st.before + lines.length * lineHeight + (block.kind === 'heading' ? 3 * 15 : 0);
    if (y - needed < MARGIN) newPage();
    else y -= st.before;
    lines.forEach((line, i) => {
      y -= lineHeight;
      if (block.kind === 'checkbox' && i === 0) ops.push(`0.75 w ${MARGIN + 2} ${(y - 1).toFixed(2)} 10 10 re S`);
      ops.push(`BT /${st.bold ? 'F2' : 'F1'} ${st.size} Tf ${MARGIN + st.indent} ${y.toFixed(2)} Td ${literal(line)} Tj ET`);
    });
    y -= st.after;
  }
  newPage();

  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const firstPage = 5;
  const kids = pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((content, i) => {
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + i * 2 + 1} 0 R >>`);
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  add(`<< /Title ${literal(encode(meta.title))} /Producer (Heart Notes) >>`);
  const infoRef = objects.length;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoRef} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character above is a single byte (content streams hold only ASCII), so its low byte is
  // the character (what Buffer's latin1 does; written out so this module needs no Node types).
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
