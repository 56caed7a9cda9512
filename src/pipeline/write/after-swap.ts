import { freeBytes, formatBytes, isNoSpace, shownPath } from './disk-full.ts';

/**
 * What a build does once its output is swapped in: renames only (the build manifest, the files a
 * host reads from the project folder), everything they need written before the swap. One can
 * still fail (a folder locked meanwhile); the message then says what is true: the output holds
 * the new build, and which file is not current, with what that means.
 */
export class AfterSwapError extends Error {
  override name = 'AfterSwapError';
}

/** Whether `error` is an AfterSwapError (made on the main thread, by the one generator copy there). */
export function isAfterSwapError(error: unknown): error is AfterSwapError {
  return error instanceof AfterSwapError;
}

/** One step after the swap: what it writes, and what its failure means for the next build or the host. */
export interface AfterSwapStep {
  /** The file or folder it writes, absolute. */
  writes: string;
  /** What stays stale when it fails, as the end of a sentence. */
  ifFailed: string;
  run(): void;
}

/** Runs every step, each even when one before it failed; throws one AfterSwapError naming the failures. */
export function finishAfterSwap(outDir: string, steps: AfterSwapStep[]): void {
  const failed: string[] = [];
  for (const step of steps) {
    try {
      step.run();
    } catch (error) {
      failed.push(`${shownPath(step.writes)} could not be written, ${fsReason(error, step.writes)}, so ${step.ifFailed}`);
    }
  }
  if (failed.length) {
    throw new AfterSwapError(`${shownPath(outDir)}/ holds the new build, but ${failed.join('; and ')}. Fix that and build again.`);
  }
}

/** A file-system error as a short reason: `EACCES (permission denied)`, or a full disk with its free space. */
export function fsReason(error: unknown, path?: string): string {
  if (isNoSpace(error) && path) return `the disk holding it is full: ${formatBytes(freeBytes(path))} is free`;
  const e = error as NodeJS.ErrnoException;
  if (!(e instanceof Error)) return String(error);
  const text = e.message.replace(/^\w+: /, '').replace(/, \w+ '.*'$/, '');
  return typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code) ? `${e.code} (${text})` : text;
}
