import { openSync, readFileSync, readSync } from 'node:fs';

/** CPU milliseconds this thread has used (user and system), from Linux's /proc; undefined elsewhere. */
export function threadCpuMs(): number | undefined {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** CPU milliseconds this process has used, every thread, user and system. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * A clock of this thread's CPU time in milliseconds, for timing many short steps (the Markdown
 * parse of each page): Linux's /proc/thread-self/schedstat (nanoseconds on the CPU), its file
 * kept open and read again from the start, about 15 µs a reading. Undefined elsewhere.
 *
 * # Design decision
 * The kernel updates the figure at scheduler ticks, so one reading may lag by a few milliseconds;
 * summed over thousands of pages the lags cancel out. Rejected: /proc/thread-self/stat (whole
 * 10 ms ticks) and wall time (a busy machine's waiting counted as parsing).
 */
export function threadCpuClock(): (() => number) | undefined {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return undefined;
  }
  const buffer = Buffer.alloc(64);
  return () => {
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return Number(buffer.toString('latin1', 0, n).split(' ')[0]) / 1e6;
  };
}
