import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { codeFrame } from '../diagnostics/frame.ts';
import { messages } from '../diagnostics/messages.ts';
import type { CollectionSpec } from './types.ts';

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

/** Reads every file under the content folder into a file map (sorted, POSIX paths). */
export function readContentFiles(root: string, contentDir: string): FileMap {
  const files: FileMap = new Map();
  const walk = (dir: string, rel: string) => {
    let names: import('node:fs').Dirent[];
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of names.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (d.name.startsWith('.')) continue;
      const relPath = `${rel}/${d.name}`;
      if (d.isDirectory()) walk(join(dir, d.name), relPath);
      else if (/\.(md|json)$/.test(d.name)) files.set(relPath, readFileSync(join(dir, d.name), 'utf8'));
    }
  };
  walk(join(root, contentDir), contentDir);
  return files;
}

/** Parses every file of the map and assigns it to its collection. Reports every problem at once. */
export function loadContent(
  files: FileMap,
  contentDir: string,
  collections: Record<string, CollectionSpec>,
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
    const parsed = spec.kind === 'markdown' ? parseMarkdownFile(file, source) : parseJsonFile(file, source);
    if ('diagnostic' in parsed) diagnostics.push(parsed.diagnostic);
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

type Parsed = Omit<ContentRecord, 'collection' | 'file' | 'kind' | 'source'>;

function parseMarkdownFile(file: string, source: string): Parsed | { diagnostic: Diagnostic } {
  const text = source.replace(/^\uFEFF/, '');
  const opening = /^---[ \t]*\r?\n/.exec(text);
  if (!opening) {
    return { data: {}, dataSource: '', dataLine: 1, body: text, bodyLine: 1 };
  }
  const closing = /^---[ \t]*$/m;
  const rest = text.slice(opening[0].length);
  const close = closing.exec(rest);
  if (!close) {
    return { diagnostic: { ...messages.frontMatterUnclosed(), file, line: 1, column: 1, frame: codeFrame(text, 1) } };
  }
  const dataSource = rest.slice(0, close.index);
  try {
    // Passing options bypasses gray-matter's global cache, which would hold every file forever.
    const result = matter(text, { language: 'yaml' });
    const bodyOffset = text.length - result.content.length;
    const bodyLine = text.slice(0, bodyOffset).split('\n').length;
    return { data: result.data ?? {}, dataSource, dataLine: 2, body: result.content, bodyLine };
  } catch (error) {
    const e = error as { reason?: string; message: string; mark?: { line: number; column: number } };
    const line = e.mark ? e.mark.line + 2 : 2;
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

function parseJsonFile(file: string, source: string): Parsed | { diagnostic: Diagnostic } {
  try {
    return { data: JSON.parse(source), dataSource: source, dataLine: 1, body: '', bodyLine: 1 };
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const lineCol = /line (\d+) column (\d+)/.exec(message);
    let line = 1;
    let column = 1;
    if (lineCol) {
      line = Number(lineCol[1]);
      column = Number(lineCol[2]);
    } else if (at) {
      const before = source.slice(0, Number(at[1]));
      line = before.split('\n').length;
      column = Number(at[1]) - before.lastIndexOf('\n');
    }
    const reason = message.replace(/^.*?JSON[^:]*:\s*/, '').replace(/ in JSON at position \d+.*$/, '');
    return {
      diagnostic: { ...messages.jsonSyntax(reason), file, line, column, frame: codeFrame(source, line, column) },
    };
  }
}
