/**
 * Suggestions for a mistyped name: the nearest candidates by edit distance. Imports nothing, so
 * the public entry (src/index.ts) can offer it to a site's own checks without leaving the browser.
 */

/** Nearest candidate by edit distance, when it is close enough to be a typo. */
export function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** The candidates, nearest to `word` first (ties keep their order), for "did you mean" lists. */
export function byCloseness(word: string, candidates: string[]): string[] {
  const w = word.toLowerCase();
  return candidates
    .map((c, i) => ({ c, i, d: editDistance(w, c.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((x) => x.c);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
