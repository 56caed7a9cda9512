import { readFileSync } from 'node:fs';

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
