import { readContent } from '../site-state.ts';
import type { CollectionSpec, ContentOf, SiteConfig } from '../types.ts';
import { validateContent } from './validate.ts';

/**
 * The content a scaffold (`heartnotes new`) is given: every file that validates, drafts and
 * future-dated entries included, since a new entry must not take what an unpublished one holds
 * (its id, say). Files with problems are left out rather than stopping `new`: `check` reports them.
 */
export function scaffoldContent(root: string, config: SiteConfig, today: string): ContentOf<Record<string, CollectionSpec>> {
  const records = [...readContent(root, config).values()].flatMap((f) => (f.record ? [f.record] : []));
  return validateContent(records, config.collections, { drafts: true, today }).content as ContentOf<Record<string, CollectionSpec>>;
}
