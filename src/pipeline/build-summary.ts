import { relative } from 'node:path';
import type { BuildOptions, BuildSummary, RenderTimings } from './build-types.ts';
import type { CardsDrawn } from './write/emit.ts';
import type { OutputPlan } from './plan/change-plan.ts';
import type { SiteParts, SiteState } from './site-state.ts';
import type { StageClock } from './stage-clock.ts';
import type { LeftOut } from './validate/validate.ts';
import { formatMs } from './format.ts';

/** The counts a build says, and the manifest keeps for a build that finds nothing changed. */
export function counts(parts: SiteParts, state: SiteState): { pages: number; redirects: number; assets: number } {
  return { pages: state.routes.length, redirects: state.redirects.length, assets: parts.styles.assets.length + parts.islands.assets.length + state.public.files.length };
}

/** What the build measured besides its stages. */
export interface BuildMeasures {
  clock: StageClock;
  threads: RenderTimings[];
  cards?: CardsDrawn;
  searchCpuMs?: number;
  siteState?: BuildSummary['siteState'];
}

/** The build's summary, logged as the "Left out" line (when entries were) and one line of counts. */
export function summarize(options: BuildOptions, outDir: string, parts: SiteParts, state: SiteState, plan: OutputPlan, measured: BuildMeasures): BuildSummary {
  const { checkOnly } = options;
  const rendered = state.routes.filter((r) => plan.write.has(r.outFile)).length;
  const summary: BuildSummary = {
    ...counts(parts, state),
    rendered,
    reused: state.routes.length - rendered,
    ms: performance.now() - measured.clock.started,
    outDir: relative(process.cwd(), outDir) || '.',
    stages: measured.clock.stages,
    stageCpu: measured.clock.stageCpu,
    threads: measured.threads,
    ...(measured.cards ? { cards: measured.cards } : {}),
    ...(measured.searchCpuMs === undefined ? {} : { searchCpuMs: measured.searchCpuMs }),
    ...(measured.siteState ? { siteState: measured.siteState } : {}),
  };
  const log = options.log ?? (() => {});
  const leftOut = describeLeftOut(state.validated.leftOut);
  if (leftOut) log(leftOut);
  const { encoded, cached } = state.images;
  if (encoded + cached) log(`Images: ${encoded + cached} (${encoded} encoded, ${cached} from the cache)`);
  log(
    `${checkOnly ? 'Checked' : 'Built'} ${summary.pages} pages (${summary.rendered} rendered, ${summary.reused} unchanged), ` +
      `${summary.redirects} redirects, ${summary.assets} assets${checkOnly ? '' : ` → ${summary.outDir}/`} in ${formatMs(summary.ms)}`,
  );
  return summary;
}

/** "Left out 2 entries: a.md (draft), b.md (scheduled for 2026-12-01); …", or '' when none. */
export function describeLeftOut(leftOut: LeftOut[], shown = 5): string {
  if (!leftOut.length) return '';
  const each = leftOut.slice(0, shown).map((e) => `${e.file} (${e.reason === 'draft' ? 'draft' : `scheduled for ${e.date}`})`);
  const more = leftOut.length > shown ? `, and ${leftOut.length - shown} more` : '';
  return `Left out ${leftOut.length} ${leftOut.length === 1 ? 'entry' : 'entries'}: ${each.join(', ')}${more}; "heartnotes dev" shows ${leftOut.length === 1 ? 'it' : 'them'}`;
}
