/**
 * Polls `probe` until `check` passes or `timeout` ms have gone by; returns the last value. A probe
 * that throws (a request reset while the server swaps in a rebuilt file) counts as "not yet" until
 * the time is up.
 */
export async function eventually<T>(probe: () => Promise<T> | T, check: (value: T) => boolean, timeout = 15_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      const value = await probe();
      if (check(value) || Date.now() >= end) return value;
    } catch (error) {
      if (Date.now() >= end) throw error;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
