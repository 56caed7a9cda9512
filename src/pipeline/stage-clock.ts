import type { BuildSummary } from './build-types.ts';
import { processCpuMs, threadCpuMs } from './cpu.ts';
import { formatMs } from './format.ts';

/**
 * The build's stage timer: wall and CPU time per stage, said as each ends. It only measures; what
 * a stage makes is its return value.
 */
export interface StageClock {
  readonly started: number;
  /** Milliseconds of each stage so far, in order. */
  readonly stages: Readonly<Record<string, number>>;
  readonly stageCpu: Readonly<NonNullable<BuildSummary['stageCpu']>>;
  /** Ends the current stage: its time is added to `stages` (and said, with `progress`). */
  lap(stage: string): void;
  /** Says a long stage is starting (`progress`), e.g. "rendering 132 pages". */
  starting(what: string): void;
}

export function startClock(progress?: (line: string) => void): StageClock {
  const started = performance.now();
  const stages: Record<string, number> = {};
  const stageCpu: NonNullable<BuildSummary['stageCpu']> = {};
  let last = started;
  let lastCpu = processCpuMs();
  let lastThread = threadCpuMs();
  const lap = (stage: string) => {
    const now = performance.now();
    const cpu = processCpuMs();
    const thread = threadCpuMs();
    progress?.(`  ${stage}: ${formatMs(now - last)}`);
    stages[stage] = (stages[stage] ?? 0) + (now - last);
    const sum = (stageCpu[stage] ??= { processMs: 0, ...(thread === undefined ? {} : { threadMs: 0 }) });
    sum.processMs += cpu - lastCpu;
    if (sum.threadMs !== undefined && thread !== undefined && lastThread !== undefined) sum.threadMs += thread - lastThread;
    [last, lastCpu, lastThread] = [now, cpu, thread];
  };
  return { started, stages, stageCpu, lap, starting: (what) => progress?.(`  ${what}…`) };
}
