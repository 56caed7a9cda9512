import { join } from 'node:path';
import { placed, sitePathOfFile } from '../hosts/layout.ts';
import type { BuildManifest } from '../plan/manifest.ts';
import type { OutputPlan } from '../plan/change-plan.ts';
import type { SiteState } from '../site-state.ts';
import type { SiteConfig } from '../types.ts';
import { intact, previousIndex, previousParts, SEARCH_DIR, startPageIndexer } from './index-pages.ts';

/** A build's search index: fed as pages render, finished into the staging folder. */
export interface SiteSearch {
  /** Receives each page rendered now (`RenderPoolOptions.onPage`); absent when the index is kept whole. */
  onPage?: (outFile: string, html: string) => void;
  /** Once every page is rendered: writes what is left of the index files this build makes into the staging folder. */
  finish(): Promise<SearchMade>;
  /** Lets go of the index (a failed build); does nothing once finished. */
  close(): Promise<void>;
}

/** The index a build made or kept, for the plan and the manifest. */
export interface SearchMade {
  /** Index files written now, output path → manifest key. */
  written: Map<string, string>;
  /** Index files kept as the previous build wrote them, output path → manifest key. */
  kept: Map<string, string>;
  /** The index's parts, folder → key, for the manifest (see search-index.ts). */
  parts?: Record<string, string>;
  /** What the records were made with (`PageIndexer.recordSettings`), for the manifest. */
  recordSettings?: string;
  /** A page's record hash for the manifest, given the one the previous manifest held. */
  recordOf(outFile: string, previous: string | undefined): string | undefined;
  /** CPU milliseconds the main thread spent making the index's parts (Linux; when it made any). */
  cpuMs?: number;
}

export interface SiteSearchInput {
  config: SiteConfig;
  versionKey: string;
  state: Pick<SiteState, 'routes' | 'siteFolder'>;
  plan: OutputPlan;
  manifest: BuildManifest | undefined;
  outDir: string;
  /** The staging folder of the output: each part of the index is written into it as soon as it is made. */
  stagingDir: string;
  /** Says the index is being finished (the build's progress line). */
  starting?: (what: string) => void;
  /**
   * The build put the output's files in place itself, from the cache, and took the manifest's sizes
   * and times from them (`startRestore`): they are not looked at again (1,142 index files on the bench).
   */
  restored?: boolean;
}

/**
 * The search index of a build (`SiteConfig.search`), undefined for a site without one. An
 * incremental build that writes and removes no page keeps the previous index whole; any other
 * opens an index, which takes pages as they render and keeps the parts whose records did not change.
 */
export function openSiteSearch(input: SiteSearchInput): SiteSearch | undefined {
  const { config, state, plan, manifest, outDir } = input;
  if (!config.search) return undefined;
  const pagesChanged = state.routes.some((r) => plan.write.has(r.outFile)) || plan.remove.some((f) => f.endsWith('.html'));
  const whole = plan.mode === 'incremental' && !pagesChanged ? previousIndex(manifest?.files ?? {}, outDir) : undefined;
  if (whole) return keptWhole(whole, manifest);
  const previous = manifest?.files ?? {};
  const pages = state.routes.map((r) => {
    if (plan.write.has(r.outFile)) return { path: r.path, outFile: r.outFile, noindex: r.noindex, ...(previous[r.outFile]?.record ? { was: previous[r.outFile].record } : {}) };
    return { path: r.path, outFile: r.outFile, noindex: r.noindex, keptIn: outDir, ...(previous[r.outFile]?.record === undefined ? {} : { record: previous[r.outFile].record }) };
  });
  // Parts whose pages give the same records as last time are kept, not built again.
  // The index is made in the site's folder of the output (hosts/layout.ts), by site paths.
  const folder = state.siteFolder;
  const inFolder = Object.entries(previous)
    .filter(([file]) => file.startsWith(folder))
    .map(([file, record]) => [sitePathOfFile(file, folder), record]);
  const reusable = plan.mode === 'incremental' ? previousParts(manifest?.searchParts, Object.fromEntries(inFolder), join(outDir, folder), input.restored) : undefined;
  const reuse = new Map([...(reusable ?? [])].map(([dir, part]) => [dir, part.key]));
  const previousDir = plan.mode === 'incremental' ? join(outDir, folder, SEARCH_DIR) : undefined;
  // A file of a part made again that comes out as the output holds it (most of its word files
  // and all but one of its page files, for one edited page) is not written again.
  // A file of a part patched where it is that the change does not touch: kept, as the output holds it.
  const kept = (file: string) => {
    const was = plan.mode === 'incremental' ? previous[placed(file, folder)] : undefined;
    return was && (input.restored || intact(outDir, placed(file, folder), was)) ? was.key : undefined;
  };
  const unchanged = (file: string, key: string) => {
    const was = plan.mode === 'incremental' ? previous[placed(file, folder)] : undefined;
    return was?.key === key && (input.restored || intact(outDir, placed(file, folder), was));
  };
  const indexer = startPageIndexer(
    pages,
    config.search,
    { salt: input.versionKey, parts: reuse, recordSettings: manifest?.searchRecords, previousDir },
    { stagingDir: join(input.stagingDir, folder), unchanged, kept },
  );
  return {
    onPage: indexer.page,
    async finish() {
      input.starting?.('search index');
      const made = await indexer.finish();
      const written = new Map([...made.keys].map(([file, key]) => [placed(file, folder), key]));
      // A reused part's files stay as the previous build wrote them.
      const reused = made.parts.filter((p) => p.reused).flatMap((p) => [...reusable!.get(p.dir)!.files]);
      return {
        written,
        kept: new Map([...reused, ...made.same].map(([file, key]) => [placed(file, folder), key])),
        parts: Object.fromEntries(made.parts.map((p) => [p.dir, p.key])),
        recordSettings: indexer.recordSettings,
        recordOf: (file) => indexer.recordHashes.get(file),
        ...(made.cpuMs === undefined ? {} : { cpuMs: made.cpuMs }),
      };
    },
    close: () => indexer.close(),
  };
}

/** The previous build's index, kept whole: no page changed. */
function keptWhole(kept: Map<string, string>, manifest: BuildManifest | undefined): SiteSearch {
  const made: SearchMade = {
    written: new Map(),
    kept,
    ...(manifest?.searchParts ? { parts: manifest.searchParts } : {}),
    ...(manifest?.searchRecords ? { recordSettings: manifest.searchRecords } : {}),
    recordOf: (_file, previous) => previous,
  };
  return { finish: async () => made, close: async () => {} };
}

/** The output's keys and plan with the index's files in: written ones to write, kept ones kept, neither removed. */
export function withSearch(keys: Map<string, string>, plan: OutputPlan, made: SearchMade | undefined): { keys: Map<string, string>; plan: OutputPlan } {
  if (!made) return { keys, plan };
  const { written, kept } = made;
  return {
    keys: new Map([...keys, ...written, ...kept]),
    plan: {
      ...plan,
      write: new Set([...plan.write, ...written.keys()]),
      keep: new Set([...plan.keep, ...kept.keys()]),
      remove: plan.remove.filter((f) => !written.has(f) && !kept.has(f)),
    },
  };
}
