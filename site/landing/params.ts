// Reading a landing page's query parameters. Browser-safe: no `node:` imports, no DOM access.

/** One declared query parameter of a landing page. */
export interface ParamDeclaration {
  /** Value used when the parameter is missing or empty (optional; default: ''). */
  default?: string;
}

/** Query values by name: declared names always present, undeclared ones kept for forwarding. */
export type ParamValues<K extends string = string> = Record<K, string> & Record<string, string>;

/**
 * Reads the query string into plain values, applying each declared parameter's default.
 *
 * Values are trimmed; a missing, empty or whitespace-only value takes the default. For a
 * repeated name the first occurrence wins (what `URLSearchParams.get` returns). Undeclared
 * parameters are kept too, because docs/product.md ("Query parameters") forwards every other non-empty one to the tracker.
 * The result has no prototype, so names like `__proto__` or `constructor` are plain keys.
 */
export function readParams<K extends string>(
  search: string | URLSearchParams,
  declared: Record<K, ParamDeclaration>,
): ParamValues<K> {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const values: Record<string, string> = Object.create(null);
  for (const [name, value] of query) {
    if (name !== '' && !(name in values)) values[name] = value.trim();
  }
  for (const name of Object.keys(declared) as K[]) {
    if (!values[name]) values[name] = declared[name].default ?? '';
  }
  return values as ParamValues<K>;
}
