import { basename } from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { sitePathOfFile } from '../hosts/layout.ts';
import { imageFailureDiagnostics } from '../images/references.ts';
import { basePathOf } from '../routes/base-path.ts';
import type { SiteState } from '../site-state.ts';
import type { Entry, Redirect } from '../types.ts';
import type { ValidateResult } from '../validate/validate.ts';
import { checkImages, checkLinks, type LinkedPage, type SourceTexts } from './links.ts';
import { hashText, type BuildManifest } from '../plan/manifest.ts';

/** What the site-wide check looks at once pages are rendered: the site state and every page's links. */
export interface SiteCheck {
  state: Pick<SiteState, 'content' | 'redirects' | 'validated' | 'unrouted' | 'siteFolder' | 'site' | 'images'>;
  /** Every output file (rendered, written or kept). */
  files: Iterable<string>;
  /** Every page with its links and ids, rendered now or kept. */
  pages: LinkedPage[];
  /** Problems found before (loading, validating, routing, rendering): a link they explain is not reported again. */
  problems: Diagnostic[];
  /** The pages drafts and scheduled entries will have, rendered for their links (a build's; none in dev). */
  unpublished?: (LinkedPage & { entry: Entry })[];
  /** Check only these pages' links (output files); default: every page's. */
  only?: Set<string>;
}

/**
 * Every problem a rendered site can have beyond those found before: unreadable images (at the
 * Markdown or front matter naming them, or on the pages showing them), missing images, dead
 * links and anchors, and the links of entries not yet published. `build` and `dev` both call it.
 */
export function siteProblems(check: SiteCheck): Diagnostic[] {
  const { state } = check;
  const texts = sourceTexts(state);
  const problems = [...check.problems, ...imageFailureDiagnostics(state.images, texts, state.validated.images, check.pages)];
  // Links are site paths: checked against the files as the site names them, whatever its folder in the output.
  const site = siteView(state.siteFolder, check.pages, check.files);
  const base = basePathOf(state.site.settings.url);
  const found = checkContentLinks(site.pages, site.files, state.redirects, texts, state.validated, problems, state.unrouted, base, check.only);
  const unpublished = checkUnpublishedLinks(check.unpublished ?? [], site.pages, site.files, state, [...problems, ...found]);
  return [...problems.slice(check.problems.length), ...found, ...unpublished];
}

/**
 * Everything a page's links are judged against beside the pages themselves: the output's files,
 * the redirects, the site's base, the route rows that made no pages, the entries left out or not
 * yet published. A build records it in its manifest (`linkContext`).
 */
export function linkContext(state: Pick<SiteState, 'redirects' | 'validated' | 'unrouted' | 'siteFolder' | 'site'>, files: Iterable<string>): string {
  const { redirects, unrouted, validated, siteFolder } = state;
  const facts = { redirects, unrouted, failed: validated.failed, unpublished: [...validated.unpublished], siteFolder, base: basePathOf(state.site.settings.url) };
  return hashText(JSON.stringify(facts), [...files].join('\n'));
}

/**
 * The pages whose links a build must check, when the previous build's all resolved against the
 * same context (the same files, redirects and so on: `linkContext`) and no page it renders again
 * gained or lost an id: only those pages' own links can be dead (as in dev, dev/write-plan.ts).
 * Undefined: check every page's.
 */
export function linksToCheck(previous: BuildManifest | undefined, context: string, rendered: Map<string, { ids: string[] }>): Set<string> | undefined {
  if (!previous || previous.linkContext !== context) return undefined;
  for (const [file, page] of rendered) {
    if ((previous.files[file]?.ids ?? []).join('\n') !== page.ids.join('\n')) return undefined;
  }
  return new Set(rendered.keys());
}

/** The pages and output files by their site paths (`post/x.html`), for a site laid out in a folder of the output (hosts/layout.ts). */
function siteView(folder: string, pages: LinkedPage[], files: Iterable<string>): { pages: LinkedPage[]; files: Set<string> } {
  if (!folder) return { pages, files: new Set(files) };
  return { pages: pages.map((p) => ({ ...p, outFile: sitePathOfFile(p.outFile, folder) })), files: new Set([...files].map((f) => sitePathOfFile(f, folder))) };
}

/**
 * The links an entry not yet published holds itself (in its Markdown or front matter), checked
 * against the site as it will be when it is published: the published pages, and the other
 * unpublished pages that will be out by then. A draft is published by hand, so it may link to any
 * of them; an entry scheduled for a day may link to one scheduled for that day or before, not to a
 * draft or a later one (its unattended build on the day would fail). A missing image already
 * reported at its field is not reported again.
 */
export function checkUnpublishedLinks(
  unpublished: (LinkedPage & { entry: Entry })[],
  published: LinkedPage[],
  files: Set<string>,
  state: Pick<SiteState, 'redirects' | 'validated' | 'unrouted' | 'content' | 'site'>,
  problems: Diagnostic[],
): Diagnostic[] {
  if (!unpublished.length) return [];
  const texts = sourceTexts(state);
  const pending = new Set(state.validated.failed.map((f) => f.slug));
  const all = [...published, ...unpublished];
  const out: Diagnostic[] = [];
  const said = new Set(problems.map((d) => d.message));
  // Pages published by the same time are checked together.
  const byTime = new Map<string, (LinkedPage & { entry: Entry })[]>();
  for (const page of unpublished) byTime.set(page.entry.scheduled ?? '', [...(byTime.get(page.entry.scheduled ?? '') ?? []), page]);
  for (const [date, group] of byTime) {
    const outByThen = unpublished.filter((q) => date === '' || (q.entry.scheduled !== undefined && q.entry.scheduled <= date));
    const notYet = new Map([...state.validated.unpublished].filter(([, leftOut]) => !outByThen.some((q) => q.entry.file === leftOut.file)));
    const reachable = new Set([...files, ...outByThen.map((q) => q.outFile)]);
    const found = checkLinks(all, reachable, state.redirects, new Set(group.map((p) => p.outFile)), {
      texts,
      pending,
      unrouted: state.unrouted,
      unpublished: notYet,
      base: basePathOf(state.site.settings.url),
    });
    // Only the links the entry itself holds: what templates add around it (related reading,
    // listings) is made from the content of the day it is published, and checked that day.
    const own = new Set(group.map((p) => p.source));
    out.push(...found.filter((d) => d.line !== undefined && own.has(d.file) && !(d.code === 'links/missing-image' && said.has(d.message))));
  }
  return out;
}

/**
 * Dead links and anchors (at the line of the link in its Markdown file) and missing images (at
 * the line of the field or the Markdown image), as one list.
 *
 * # Design decision
 * A link to a page whose file failed to load or validate is not reported: that page is missing
 * only because of the error already shown at its file. The route functions cannot be asked which
 * pages the broken files would make (they would be handed data that failed its schema), so the
 * slugs those files would have (`slug:` or the file name) stand for their pages; a link whose last
 * segment is one of them is let through. A route row that threw made none of its pages: a link
 * to a path its pattern describes is let through too (`unrouted`), its cause being reported once
 * (or being a broken entry the row's error names, see `buildRouteTable`). A link to a draft or a
 * scheduled entry says so (`unpublished`). Rejected: stopping before links whenever validation
 * failed (an editor then meets dead links one build later) and reporting them anyway (a second,
 * misleading error for one mistake).
 */
export function checkContentLinks(
  linked: LinkedPage[],
  files: Set<string>,
  redirects: Redirect[],
  texts: SourceTexts,
  validated: Pick<ValidateResult, 'failed' | 'images'> & Partial<Pick<ValidateResult, 'unpublished'>>,
  problems: Diagnostic[],
  unrouted: string[] = [],
  base = '/',
  only?: Set<string>,
): Diagnostic[] {
  const pending = new Set(validated.failed.map((f) => f.slug));
  for (const p of problems) if (p.file?.endsWith('.md') && !p.code.startsWith('content/duplicate')) pending.add(basename(p.file, '.md'));
  const images = checkImages(validated.images, files, base);
  // A missing image is one mistake however many pages show it: a cover in front matter is reported
  // at its field, not again on every listing, category or related-articles block that renders it;
  // an image only templates add is reported once per file.
  // (A missing image beside the content was reported at its field already: images/relative-images.ts.)
  const seen = new Set([...images, ...problems.filter((p) => p.code === 'links/missing-image')].map((d) => d.message));
  // An image field with the base written in is reported at its field, not again as a link on each page showing it.
  const quoted = (d: Diagnostic) => /"([^"]*)"/.exec(d.message)?.[1];
  const baseImages = new Set(images.filter((d) => d.code === 'links/base-in-link').map(quoted));
  const links = checkLinks(linked, files, redirects, only, { texts, pending, unrouted, unpublished: validated.unpublished, base }).filter((d) => {
    if (d.code === 'links/base-in-link') return !baseImages.has(quoted(d));
    if (d.code !== 'links/missing-image' && d.code !== 'links/malformed-escape') return true;
    const key = `${d.file}\0${d.message}`;
    if (seen.has(d.message) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...images, ...links];
}

/**
 * Content files' texts by path, so a dead link is shown at its line: each read when asked for (a
 * build that took the kept site state decodes a file's text only then, see kept-state.ts).
 */
function sourceTexts(state: Pick<SiteState, 'content'>): SourceTexts {
  const readable = (file: string) => {
    const loaded = state.content.get(file);
    return loaded && !loaded.unreadable ? loaded : undefined;
  };
  return {
    get: (file) => readable(file)?.text,
    *[Symbol.iterator]() {
      for (const [file, loaded] of state.content) if (!loaded.unreadable) yield [file, loaded.text] as [string, string];
    },
  };
}
