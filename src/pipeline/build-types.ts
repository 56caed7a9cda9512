import type { HostName } from './types.ts';

// The build's own types: the options the pipeline takes and the summary it gives back (the Node
// API, src/node.ts, returns BuildSummary). A site never names them; src/pipeline/types.ts is the
// site contract.

export interface BuildOptions {
  /** Project folder (default: the current folder). */
  root: string;
  /** Output folder (default: `dist`). */
  outDir?: string;
  /** Overrides the site's URL for canonical links, the sitemap and the feed (optional). */
  baseUrl?: string;
  /** Include `draft: true` and future-dated entries (default: false). */
  drafts?: boolean;
  /** The host to write for (default: the config's `deploy.host`, else `static`). */
  host?: HostName;
  /** Validate only; write nothing (default: false). */
  checkOnly?: boolean;
  /** Number of render workers; 0 renders on the main thread (default: one per core when worthwhile). */
  workers?: number;
  /** Skip the on-disk cache (default: false). */
  noCache?: boolean;
  /** Progress and summary output (default: silent). */
  log?: (line: string) => void;
  /**
   * What the user should know even with `--quiet`: a host setting the build cannot write, a title
   * a social card cannot draw (published, but not as written) (default: console.warn).
   */
  warn?: (line: string) => void;
  /** "Today", for future-dated entries (default: the current date). */
  now?: Date;
  /** Time the Markdown parse on its own in every render thread, for `build --verbose` (default: false). */
  timeParse?: boolean;
  /**
   * A line as each stage starts (the long ones: images, render, search index, social cards) and
   * ends (every one, with its time), so a long first build does not sit silent; the CLI prints
   * them on a terminal only (default: none).
   */
  progress?: (line: string) => void;
}

export interface BuildSummary {
  pages: number;
  rendered: number;
  reused: number;
  redirects: number;
  assets: number;
  ms: number;
  outDir: string;
  /** Milliseconds spent in each stage, in order. */
  stages: Record<string, number>;
  /**
   * CPU milliseconds of each stage (user and system): the whole process's (every thread: render
   * workers, the garbage collector's helpers) and this thread's, where the system says (Linux).
   * Child processes (esbuild's) are not in it.
   */
  stageCpu?: Record<string, { processMs: number; threadMs?: number }>;
  /** Where each render thread spent the render stage (empty when nothing rendered). */
  threads: RenderTimings[];
  /** Social cards drawn and taken from the cache after rendering, and the time (when any were written). */
  cards?: { drawn: number; cached: number; ms: number };
  /** CPU milliseconds the main thread spent making the search index's parts (Linux; when it made any). */
  searchCpuMs?: number;
  /**
   * Whether the site state (validated content, routes, generated files) came from the last build's
   * (kept-state.ts), with how many content files were edited since, or why it was computed afresh
   * (a build with a cache).
   */
  siteState?: { kept: true; edited: number } | { kept: false; reason: string };
}

/**
 * Where one render thread spent its time, in milliseconds of wall time on that thread: Markdown to
 * HTML (cache reads included), the templates (React), finding links and ids, and writing pages.
 */
export interface RenderTimings {
  /** `main`, `main (writes)` (the workers' pages) or `worker <n>`. */
  thread: string;
  pages: number;
  markdownMs: number;
  templatesMs: number;
  linksMs: number;
  writeMs: number;
  /** CPU time this thread used, user and system, where the system tells (Linux). */
  cpuMs?: number;
  /** CPU time of this thread in the Markdown parse alone (with `BuildOptions.timeParse`, on Linux). */
  parseCpuMs?: number;
}
