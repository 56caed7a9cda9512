import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import type { ContentRecord } from '../load/load.ts';
import type { CollectionSpec, Entry } from '../types.ts';
import { withData } from '../validate/body-use.ts';
import { locateField } from '../validate/locate.ts';
import { imageKey } from './image-set.ts';
import type { ImageSet } from './process-images.ts';

/** An image address relative to the content file that names it: `./cover.svg`, `../shared/walk.jpg`. */
export const RELATIVE_IMAGE = /^\.\.?\/\S+\.(?:png|jpe?g|gif|svg|webp|avif)$/i;

/**
 * Front-matter fields and data-file values naming an image beside their file (`coverImage:
 * ./cover.svg`), replaced by the address the image step published it at (`ImageSet.published`),
 * as a Markdown image beside its file already is. Templates, cards and link checks then see an
 * ordinary site path. A name that matches no file is reported at its field. Entries and data
 * without such a value are kept as the same objects (dev's caches compare them by identity).
 *
 * # Design decision
 * Resolved once, after validation, rather than by each template (a template does not know which
 * file its data came from) or by `Picture` (cards, feeds and social cards read the same fields).
 */
export function resolveRelativeImages(
  content: Record<string, unknown>,
  collections: Record<string, CollectionSpec>,
  contentDir: string,
  images: ImageSet,
  records: (file: string) => ContentRecord | undefined,
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const [name, spec] of Object.entries(collections)) {
    if (content[name] === undefined) continue;
    if (spec.kind === 'markdown') {
      const entries = content[name] as Entry[];
      const resolved = entries.map((entry) => {
        const data = resolveIn(entry.data, entry.file, images, (path, src) => problems.push(missing(src, entry.file, path, records)));
        return data === entry.data ? entry : withData(entry, data as Entry['data']);
      });
      if (resolved.some((e, i) => e !== entries[i])) content[name] = resolved;
    } else {
      const file = `${contentDir}/${spec.file}`;
      content[name] = resolveIn(content[name], file, images, (path, src) => problems.push(missing(src, file, path, records)));
    }
  }
  return problems;
}

/** `value` with each relative image address resolved against `from`; the same object when none is. */
function resolveIn(value: unknown, from: string, images: ImageSet, onMissing: (path: PropertyKey[], src: string) => void, path: PropertyKey[] = []): unknown {
  if (typeof value === 'string') {
    if (!RELATIVE_IMAGE.test(value)) return value;
    const key = imageKey(value, from) ?? '';
    const url = images.published[key];
    // A file that is there but unreadable is reported as such (references.ts), not as missing.
    if (!url && !images.failures.has(key)) onMissing(path, value);
    return url ?? value;
  }
  if (!value || typeof value !== 'object') return value;
  let changed = false;
  const out: Record<PropertyKey, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  for (const [k, v] of Object.entries(value)) {
    const r = resolveIn(v, from, images, onMissing, [...path, Array.isArray(value) ? Number(k) : k]);
    if (r !== v) changed = true;
    (out as Record<string, unknown>)[k] = r;
  }
  return changed ? out : value;
}

function missing(src: string, file: string, path: PropertyKey[], records: (file: string) => ContentRecord | undefined): Diagnostic {
  const record = records(file);
  return { ...messages.missingImage(src), ...(record ? locateField(record, path, 'value') : { file }) };
}
