import { relative, sep } from 'node:path';

/** Where stack frames are shown from: paths are printed relative to `root`; frames in `skip` are the generator's. */
export interface FrameOptions {
  /** The project folder. */
  root: string;
  /** Folders whose frames are not the template's (the generator's own `src/`). */
  skip: string[];
}

/**
 * The first stack frame in a file of the site, e.g. `templates/pages/article.tsx:42:13`, skipping
 * Node's internals, packages, the compiled copies in `.cache/` and the generator's own code.
 */
export function templateFrame(stack: string, { root, skip }: FrameOptions): string | undefined {
  for (const line of stack.split('\n')) {
    const m = /^\s+at (?:.*? \()?(?:file:\/\/)?(\/[^():]+):(\d+):(\d+)\)?$/.exec(line);
    if (!m) continue;
    const file = decodeURI(m[1]);
    if (/[\\/](node_modules|\.cache)[\\/]/.test(file) || skip.some((dir) => file.startsWith(`${dir}${sep}`))) continue;
    // Beside the project (`../shared/x.tsx`) reads well; further away, the absolute path does.
    const rel = relative(root, file);
    return `${rel && !rel.startsWith(`..${sep}..${sep}`) ? rel : file}:${m[2]}:${m[3]}`;
  }
  return undefined;
}

