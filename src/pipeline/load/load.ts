import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { codeFrame } from '../../diagnostics/frame.ts';
import { messages } from '../../diagnostics/messages.ts';
import { firstForbidden } from './control-characters.ts';
import { listFolder } from './list-folder.ts';
import { parseJsonFile } from './json.ts';
import { parseYaml, type YamlSyntaxError } from './yaml.ts';
import type { CollectionSpec } from '../types.ts';

/** One content file as read from disk, parsed but not yet validated. */
export interface ContentRecord {
  collection: string;
  /** Path relative to the project root, POSIX separators. */
  file: string;
  kind: 'markdown' | 'json';
  /** Parsed front matter (Markdown) or the whole document (JSON). */
  data: unknown;
  body: string;
  bodyLine: number;
  /** The raw front matter (Markdown) or the whole file (JSON), for locating fields. */
  dataSource: string;
  /** 1-based line of the file on which `dataSource` starts. */
  dataLine: number;
  source: string;
}

export interface LoadResult {
  records: ContentRecord[];
  diagnostics: Diagnostic[];
}

/** An in-memory file map: path relative to the project root → text. */
export type FileMap = Map<string, string>;

/**
 * Reads every `.md` and `.json` file under the content folder into a file map (sorted, POSIX
 * paths). Linked files and folders are followed; a link that loops or points nowhere, a file that
 * is not UTF-8 text, and a control character in a file are problems by path, naming the file (and
 * line), never skipped or published mangled. Names starting with "." (editor and system files)
 * are skipped.
 */
export function readContentFiles(root: string, contentDir: string): { files: FileMap; problems: Map<string, Diagnostic>; mtimeOf: (file: string) => number | undefined } {
  return decodeContentFiles(readContentBytes(root, contentDir));
}

/** The content files as `readContentFiles` finds them, not yet decoded: their bytes, and links that lead nowhere as problems. */
export interface ContentBytes {
  bytes: Map<string, Buffer>;
  problems: Map<string, Diagnostic>;
  /**
   * When a file was last modified, looked up when first asked: only a clash of two entries asks
   * (the newer is blamed), so a build reads its files without a stat each (about 4,000 on the bench).
   */
  mtimeOf: (file: string) => number | undefined;
  /** Every file the content folder holds, of any kind (images beside the content too), relative to the project root, in the order the folder was walked. */
  listed: string[];
}

/** Reads every content file's bytes (`readContentFiles` without decoding them). */
export function readContentBytes(root: string, contentDir: string): ContentBytes {
  const bytes = new Map<string, Buffer>();
  const problems = new Map<string, Diagnostic>();
  const { files: found, broken } = listFolder(join(root, contentDir), (name) => name.startsWith('.'), true);
  for (const b of broken) {
    const file = `${contentDir}/${b.path}`;
    problems.set(file, { ...messages.brokenContentLink(b.problem, b.chain), file });
  }
  const read = slabReader();
  const listed: string[] = [];
  // The listing's paths are normalised already: joined as text (path.join normalises each again).
  const folder = join(root, contentDir);
  for (const { path } of found) {
    const file = `${contentDir}/${path}`;
    listed.push(file);
    if (/\.(md|json)$/.test(path)) bytes.set(file, read(`${folder}/${path}`));
  }
  return { bytes, problems, mtimeOf: fileTimes(root), listed };
}

/** How much a slab of `slabReader` holds: about a quarter of the 4,000-page bench's content. */
const SLAB = 4 * 1024 * 1024;

/**
 * Reads whole files into shared slabs of memory: each file's bytes are a view of a slab, and a
 * file is opened, read until its end and closed, without a `stat` (what `readFileSync` makes to
 * size the buffer it allocates for each file).
 *
 * # Design decision
 * A one-edit deploy of the bench reads some 4,000 small files: one buffer each (outside V8's
 * heap, so each also counted towards the collections that external memory brings) was about a
 * fifth of the 0.15–0.2 s the reading took. A slab's views keep the whole slab alive; a build
 * holds all the files' bytes at once anyway, until it has decoded them (a deploy that takes the
 * kept site state, for the whole build: kept-state.ts decodes a file when first read).
 */
function slabReader(): (path: string) => Buffer {
  let slab = Buffer.allocUnsafe(SLAB);
  let used = 0;
  return (path) => {
    const fd = openSync(path, 'r');
    try {
      let start = used;
      for (;;) {
        if (used === slab.length) {
          // Out of room: the file so far moves to a new slab, at least twice its size so far.
          const size = used - start;
          const next = Buffer.allocUnsafe(Math.max(SLAB, 2 * size));
          slab.copy(next, 0, start, used);
          [slab, start, used] = [next, 0, size];
        }
        const n = readSync(fd, slab, used, slab.length - used, null);
        if (n === 0) return slab.subarray(start, used);
        used += n;
      }
    } finally {
      closeSync(fd);
    }
  };
}

/** Each file's time, looked up once when first asked (`ContentBytes.mtimeOf`); it holds nothing of what was read. */
function fileTimes(root: string): (file: string) => number | undefined {
  const mtimes = new Map<string, number | undefined>();
  return (file) => {
    if (!mtimes.has(file)) mtimes.set(file, statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs);
    return mtimes.get(file);
  };
}

/** The files `readContentBytes` read, as text, each one that is not UTF-8 or holds a control character as a problem. */
export function decodeContentFiles(read: ContentBytes): { files: FileMap; problems: Map<string, Diagnostic>; mtimeOf: (file: string) => number | undefined } {
  const files: FileMap = new Map();
  const problems = new Map(read.problems);
  for (const [file, bytes] of read.bytes) {
    const decoded = contentText(bytes, file);
    if (decoded.problem) problems.set(file, decoded.problem);
    else files.set(file, decoded.text);
  }
  return { files, problems, mtimeOf: read.mtimeOf };
}

/**
 * Reads one content file as text. A file that is not UTF-8, or holds a control character, comes
 * with the problem (at its line and column) and the text as far as it could be decoded.
 */
export function readContentFile(path: string, file: string): { text: string; problem?: Diagnostic } {
  return contentText(readFileSync(path), file);
}

/** A content file's bytes as text (`readContentFile`). */
export function contentText(bytes: Buffer, file: string): { text: string; problem?: Diagnostic } {
  const decoded = decodeText(bytes);
  if (typeof decoded !== 'string') {
    return { text: decoded.lossy, problem: { ...messages.notUtf8(decoded.byte), file, ...decoded.at, frame: codeFrame(decoded.lossy, decoded.at.line, decoded.at.column) } };
  }
  const problem = controlCharacterProblem(decoded, file);
  return problem ? { text: decoded, problem } : { text: decoded };
}

/** The first control character written in a file's text, as a problem at its line and column. */
export function controlCharacterProblem(text: string, file: string): Diagnostic | undefined {
  const control = controlCharacter(text);
  if (!control) return undefined;
  const { line, column } = control.at;
  return { ...messages.controlCharacter(control.code), file, line, column, frame: codeFrame(text, line, column) };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a UTF-8 file, or where its first byte that is not UTF-8 sits. */
function decodeText(bytes: Buffer): string | { byte: number; at: { line: number; column: number }; lossy: string } {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    // The longest prefix that decodes ends where the bad byte starts (a cut sequence at the end, too).
    let good = 0;
    let bad = bytes.length;
    while (good < bad) {
      const mid = Math.ceil((good + bad) / 2);
      try {
        strictUtf8.decode(bytes.subarray(0, mid));
        good = mid;
      } catch {
        bad = mid - 1;
      }
    }
    const before = bytes.subarray(0, good).toString('utf8');
    const lines = before.split('\n');
    return { byte: bytes[good] ?? 0, at: { line: lines.length, column: [...lines[lines.length - 1]].length + 1 }, lossy: bytes.toString('utf8') };
  }
}

function controlCharacter(text: string): { code: number; at: { line: number; column: number } } | undefined {
  const found = firstForbidden(text);
  if (!found) return undefined;
  const lines = text.slice(0, found.index).split('\n');
  return { code: found.code, at: { line: lines.length, column: [...lines[lines.length - 1]].length + 1 } };
}

/** Parses every file of the map and assigns it to its collection. Reports every problem at once. */
export function loadContent(
  files: FileMap,
  contentDir: string,
  collections: Record<string, CollectionSpec>,
  known?: KnownText,
): LoadResult {
  const records: ContentRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const folders = Object.values(collections).map((c) =>
    c.kind === 'markdown' ? `${contentDir}/${c.folder}/` : `${contentDir}/${c.file}`,
  );

  for (const [file, source] of files) {
    const collection = findCollection(file, contentDir, collections);
    if (!collection) {
      if (!/\/README\.md$/i.test(file)) diagnostics.push({ ...messages.noCollection(file, folders), file });
      continue;
    }
    const spec = collections[collection];
    const lazy = spec.kind === 'markdown' && (known?.(file, source) ?? false);
    const parsed = spec.kind === 'markdown' ? parseMarkdownFile(file, source, lazy) : parseJsonFile(file, source);
    if ('diagnostic' in parsed) diagnostics.push(parsed.diagnostic);
    // A front matter parsed when read stays a getter (spreading would read it).
    else if (lazy) records.push(Object.defineProperties({ collection, file, kind: spec.kind, source }, Object.getOwnPropertyDescriptors(parsed)) as ContentRecord);
    else records.push({ collection, file, kind: spec.kind, source, ...parsed });
  }
  return { records, diagnostics };
}

function findCollection(file: string, contentDir: string, collections: Record<string, CollectionSpec>) {
  for (const [name, spec] of Object.entries(collections)) {
    if (spec.kind === 'json' && file === `${contentDir}/${spec.file}`) return name;
    if (spec.kind === 'markdown' && file.endsWith('.md') && file.startsWith(`${contentDir}/${spec.folder}/`)) {
      return name;
    }
  }
  return undefined;
}

/** One file's data and body with their source positions, or the diagnostic that stopped reading it. */
export type ParsedFile = Omit<ContentRecord, 'collection' | 'file' | 'kind' | 'source'> | { diagnostic: Diagnostic };

/**
 * Whether a file's text is one an earlier build parsed and validated without a problem (the
 * validation cache's, see validation-cache.ts): its front matter is then parsed only if read.
 */
export type KnownText = (file: string, source: string) => boolean;

/**
 * Reads one Markdown file's front matter (YAML, core schema: dates stay text) and body. `file` is
 * the path a diagnostic names. With `known`, the text is one that parsed before: its front matter
 * is parsed when `data` is first read, which a build whose validation comes from the cache never
 * does (about 0.13 s of a one-edit deploy of the 4,000-page bench).
 */
export function parseMarkdownFile(file: string, source: string, known = false): ParsedFile {
  const text = source.replace(/^\uFEFF/, '');
  const opening = /^---[ \t]*\r?\n/.exec(text);
  if (!opening) {
    return { data: {}, dataSource: '', dataLine: 1, body: text, bodyLine: 1 };
  }
  // The closing "---" may carry a comment ("--- # end"), as any YAML line may.
  const closing = /^---[ \t]*(?:#.*)?\r?$/m;
  const rest = text.slice(opening[0].length);
  const close = closing.exec(rest);
  if (!close) return { diagnostic: unclosed(file, text) };
  const dataSource = rest.slice(0, close.index);
  const { block, body } = splitFrontMatter(text);
  const bodyLine = text.slice(0, text.length - body.length).split('\n').length;
  const parse = () => (isBlank(block) ? {} : (parseYaml(block) ?? {})) as unknown;
  if (known) {
    let data: unknown;
    return {
      get data() {
        return (data ??= parse());
      },
      dataSource,
      dataLine: 2,
      body,
      bodyLine,
    };
  }
  try {
    return { data: parse(), dataSource, dataLine: 2, body, bodyLine };
  } catch (error) {
    const e = error as YamlSyntaxError;
    // The block starts right after the opening "---" (so its line 0 is the rest of file line 1):
    // parser line n is file line n + 1.
    const line = e.mark ? e.mark.line + 1 : 2;
    const column = e.mark ? e.mark.column + 1 : 1;
    return {
      diagnostic: {
        ...messages.yamlSyntax(e.reason ?? e.message.split('\n')[0]),
        file,
        line,
        column,
        frame: codeFrame(text, line, column),
      },
    };
  }
}

/**
 * Front matter with no closing line: at the first line that starts with "---" but holds more (the
 * likely closing line, e.g. "---x" or "--- end"), or at the opening line when there is none.
 */
function unclosed(file: string, text: string): Diagnostic {
  const lines = text.split('\n');
  const at = lines.findIndex((l, i) => i > 0 && /^---/.test(l));
  if (at === -1) return { ...messages.frontMatterUnclosed(), file, line: 1, column: 1, frame: codeFrame(text, 1) };
  const extra = lines[at].replace(/\r$/, '');
  const column = 3 + /^[ \t]*/.exec(extra.slice(3))![0].length + 1;
  return { ...messages.frontMatterCloseLine(extra), file, line: at + 1, column, frame: codeFrame(text, at + 1, column) };
}

/**
 * Splits a file that opens with "---" into the YAML block and the body, by gray-matter's rules
 * (the usual front-matter convention): the block runs from the end of the opening "---" to the
 * first line that starts with "---"; the body starts after that "---", less one line break.
 */
function splitFrontMatter(text: string): { block: string; body: string } {
  const afterOpening = text.slice(3);
  const closeAt = afterOpening.indexOf('\n---');
  if (closeAt === -1) return { block: afterOpening, body: '' };
  const body = afterOpening.slice(closeAt + 4).replace(/^[ \t]*#.*/, '').replace(/^\r/, '').replace(/^\n/, '');
  return { block: afterOpening.slice(0, closeAt), body };
}

/** A front-matter block holding nothing but comments and blank lines reads as no fields. */
function isBlank(block: string): boolean {
  return block.replace(/^\s*#[^\n]+/gm, '').trim() === '';
}
