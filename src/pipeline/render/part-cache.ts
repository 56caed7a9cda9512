/** A `Cached` part's HTML and the islands and page scripts it used, by its key (see cached.tsx). */
export interface PartCache {
  parts: Map<string, { html: string; islands: string[] }>;
  /** Render every part again and compare (dev): a key that leaves out what differs is an error. */
  check: boolean;
}

/** A part cache for one build, or one dev render (no React here: the main thread of a build loads none). */
export const newPartCache = (check = false): PartCache => ({ parts: new Map(), check });
