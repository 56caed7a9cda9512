/** At most `max` requests per `windowMs` from one client (default: 10 per minute). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { max: 10, windowMs: 60_000 };

/** `{ ok: true }`, or how many whole seconds until the client may send again. */
export type RateDecision = { ok: true } | { ok: false; retryAfterS: number };

/**
 * A fixed-window counter per client, in memory. On a serverless host each warm instance counts
 * on its own, so the limit there is per instance: enough to stop one client hammering a form,
 * not a quota. (A shared counter would need a store round trip on every request.)
 */
export function createRateLimiter(limit: RateLimit = DEFAULT_RATE_LIMIT, now: () => number = Date.now): (client: string) => RateDecision {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return (client) => {
    const t = now();
    if (t - lastSweep > limit.windowMs) {
      for (const [key, w] of windows) if (t - w.start >= limit.windowMs) windows.delete(key);
      lastSweep = t;
    }
    let w = windows.get(client);
    if (!w || t - w.start >= limit.windowMs) {
      w = { start: t, count: 0 };
      windows.set(client, w);
    }
    w.count++;
    if (w.count <= limit.max) return { ok: true };
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((w.start + limit.windowMs - t) / 1000)) };
  };
}
