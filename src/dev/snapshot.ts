import { DiagnosticError, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ContentRecord } from '../pipeline/load/load.ts';
import type { TemplateDeps } from '../pipeline/plan/template-deps.ts';
import { computeSiteState, type LoadedFile, type Output, type PublicListing, type SiteParts, type SiteState, type SiteStateOptions } from '../pipeline/site-state.ts';
import type { Entry, Redirect, Route, TemplateSite } from '../pipeline/types.ts';
import { validateRecord, type ValidatedRecord } from '../pipeline/validate/validate.ts';
import { findEscapedEntries, recordBodyReads, watchBodyReads, type BodyUse } from '../pipeline/validate/body-use.ts';
import type { ImageSet } from '../pipeline/images/process-images.ts';
import { imageFailureDiagnostics } from '../pipeline/images/references.ts';

/** The compiled parts of a site; each is replaced only when one of its own sources changes. */
export interface CompiledParts extends SiteParts {
  templates: Map<string, TemplateDeps>;
  /** Changes when the schemas or the collections' folders change (see template-deps.ts). */
  contentModel: string;
}

/** The whole site in memory: inputs and every output file, from which the next edit is planned. */
export interface Snapshot {
  parts: CompiledParts;
  /** Content files by path relative to the root, in the order a build reads them. */
  content: Map<string, LoadedFile>;
  public: PublicListing;
  validation: ValidationCache;
  routes: Route[];
  redirects: Redirect[];
  site: TemplateSite;
  /** Output path → what it is made of. */
  outputs: Map<string, Output>;
  /** Whose bodies the site's functions used, for edits that change only a body (body-edit.ts). */
  bodyUse: BodyUse;
  /** The processed raster images; processed again only when a raster file changes. */
  images: ImageSet;
  /** What is published but not as written (a title a social card cannot draw). */
  warnings: Diagnostic[];
  /** What validation found: the images named in front matter and the entries left out, for the site-wide check (site-links.ts). */
  validated: SiteState['validated'];
  unrouted: string[];
  /** Always `''`: dev serves the output as it is laid out (`SiteStateOptions.hostLayout`). */
  siteFolder: string;
}

export type SnapshotOptions = Pick<SiteStateOptions, 'root' | 'baseUrl' | 'drafts' | 'today'>;

/**
 * Validation results of unchanged records, valid for one content model and options. Entries are
 * stored as `watchBodyReads` made them, so the same record keeps the same entry object.
 */
export interface ValidationCache {
  contentModel: string;
  drafts?: boolean;
  today: string;
  results: WeakMap<ContentRecord, ValidatedRecord>;
}

/** The previous cache when it still holds for these parts and options, else an empty one. */
export function validationCacheFor(parts: CompiledParts, options: SnapshotOptions, previous?: ValidationCache): ValidationCache {
  const holds = previous && previous.contentModel === parts.contentModel && previous.drafts === options.drafts && previous.today === options.today;
  return holds ? previous : { contentModel: parts.contentModel, drafts: options.drafts, today: options.today, results: new WeakMap() };
}

/**
 * Dev's hooks into the shared stages: validation that reuses the cache (entries whose body reads
 * are watched), and the site's functions run with those reads noted into `reads`.
 */
export function devHooks(validation: ValidationCache): Required<Pick<SiteStateOptions, 'validate' | 'runSiteFunctions'>> & { reads: Set<Entry> } {
  const reads = new Set<Entry>();
  return {
    reads,
    validate: (record, spec, o) => {
      let result = validation.results.get(record);
      if (!result) validation.results.set(record, (result = validateWatched(record, spec, o)));
      return result;
    },
    runSiteFunctions: (fn) => recordBodyReads(reads, fn),
  };
}

/**
 * Runs the build's stages from validation to the list of output files (site-state.ts), on
 * memory, reusing the validation of records that did not change. Throws a `DiagnosticError` at
 * the first stage that finds a problem.
 */
export function computeSnapshot(
  parts: CompiledParts,
  content: Map<string, LoadedFile>,
  publicListing: PublicListing,
  options: SnapshotOptions,
  previousValidation: ValidationCache | undefined,
  images?: ImageSet,
): Snapshot {
  const validation = validationCacheFor(parts, options, previousValidation);
  const hooks = devHooks(validation);
  const state = computeSiteState(parts, content, publicListing, { ...options, ...hooks, failFast: true, images, serverRules: true });
  const texts = new Map([...content].filter(([, f]) => !f.unreadable).map(([file, f]) => [file, f.text]));
  const problems = [...state.diagnostics, ...imageFailureDiagnostics(state.images, texts, state.validated.images)];
  if (problems.length) throw new DiagnosticError(sortDiagnostics(problems));
  return snapshotOf(parts, state, validation, hooks.reads);
}

/** A site state as dev keeps it, with the entries whose bodies the site's functions used. */
export function snapshotOf(parts: CompiledParts, state: SiteState, validation: ValidationCache, reads: Set<Entry>): Snapshot {
  const { site, redirects, routes } = state;
  const found = findEscapedEntries([site.settings, site.shared, redirects, ...routes.map((r) => r.props)]);
  return {
    parts,
    content: state.content,
    public: state.public,
    validation,
    routes,
    redirects,
    site,
    outputs: state.outputs,
    warnings: state.warnings,
    bodyUse: { read: new WeakSet(reads), ...found },
    images: state.images,
    validated: state.validated,
    unrouted: state.unrouted,
    siteFolder: state.siteFolder,
  };
}

/** `validateRecord`, with the entry's body reads watched. */
export function validateWatched(...args: Parameters<typeof validateRecord>): ValidatedRecord {
  const result = validateRecord(...args);
  return result.entry ? { ...result, entry: watchBodyReads(result.entry) } : result;
}

/** Orders paths as a build's folder walk reads them: segment by segment, by name. */
export function walkOrder(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return x.length - y.length;
}
