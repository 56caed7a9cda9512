import { createContext, createElement, Fragment, useContext, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { serializeProps } from '../../runtime/props.ts';
import { jsonForScript } from '../../escape.ts';
import { withBase } from '../routes/base-path.ts';
import type { PageImages } from '../images/image-set.ts';
import type { PartCache } from './part-cache.ts';

/** When an island hydrates: `load`, `idle` (default), `visible`, or `media:(query)`. */
export type LoadRule = 'load' | 'idle' | 'visible' | `media:${string}`;

interface IslandState {
  /** Island name → chunk URL, for every island of the site (set before rendering). */
  chunks: Record<string, string>;
  /** Islands used by the page being rendered. */
  used: Set<string>;
  /** The site's base path (`/`, `/blog/`): addresses written into scripts need it (attributes get it after rendering). */
  base: string;
}

/** What a page's render hands its templates: the islands' state and the processed images. */
export interface PageScope {
  islands: IslandState;
  /** The build's image manifest and default `sizes` (absent: no processed images). */
  images?: PageImages;
  /** `Cached` parts rendered so far in this build (absent: each part is rendered on every page). */
  parts?: PartCache;
}

/**
 * The render-scoped state, passed down as React context: one value per page render.
 *
 * # Design decision
 * Before, islands and images crossed from the renderer to the templates by a global keyed by
 * `Symbol.for`, because the compiled templates carried a second copy of the generator. The site
 * now runs on the process's own copy (compile/site-modules.ts), and a context makes the state
 * belong to one render: two renders never share a `used` set, and nothing outlives a page.
 */
const Scope = createContext<PageScope | undefined>(undefined);

/** A new scope for one page: the site's island and page-script chunks, its base path and images. */
export function pageScope(chunks: Record<string, string>, base = '/', images?: PageImages, parts?: PartCache): PageScope {
  return { islands: { chunks, used: new Set(), base }, ...(images ? { images } : {}), ...(parts ? { parts } : {}) };
}

/** Renders `children` with `scope` as the page's scope (the renderer, and an island's inner render). */
export function InScope({ scope, children }: { scope: PageScope; children?: ReactNode }) {
  return createElement(Scope.Provider, { value: scope }, children);
}

/** The scope of the page being rendered; only while a template renders. */
export function usePageScope(): PageScope {
  const scope = useContext(Scope);
  if (!scope) throw new Error('islands, page scripts and imageInfo work only while a page renders');
  return scope;
}

/** The page's images, or undefined outside a page render (an island in the browser). */
export function usePageImages(): PageImages | undefined {
  return useContext(Scope)?.images;
}

const state = (): IslandState => usePageScope().islands;

/**
 * Asks for a framework-free page script from `templates/scripts/<name>.ts`: loaded as a module at
 * the end of the page, with no framework runtime. Renders nothing where it is placed.
 */
export function PageScript({ name }: { name: string }) {
  const s = state();
  if (!(`script:${name}` in s.chunks)) {
    throw new Error(`no page script named "${name}": add templates/scripts/${name}.ts`);
  }
  s.used.add(`script:${name}`);
  return null;
}

/**
 * The address of the page script `templates/scripts/<name>.ts`, for a page that loads it only
 * when the visitor needs it, e.g. `<input onfocus="import('…')">`: unlike `<PageScript>`, the page
 * then carries no `<script>` and requests nothing until that moment.
 */
export function pageScriptUrl(name: string): string {
  const s = state();
  const url = s.chunks[`script:${name}`];
  if (!url) throw new Error(`no page script named "${name}": add templates/scripts/${name}.ts`);
  // Written into script (an inline handler), which the pass over attributes leaves alone.
  return withBase(url, s.base);
}

/** The islands (and, as `script:<name>`, page scripts) a page's render used, sorted. */
export function islandsUsed(scope: PageScope): string[] {
  return [...scope.islands.used].sort();
}

/**
 * Places an interactive component on a page. It renders to HTML with the page; in the browser
 * only this element is hydrated, when its loading rule fires. `name` is the island's file name
 * in templates/islands/ (without `.tsx`); props must be JSON-serialisable (Dates survive).
 */
export function Island<P extends object>({
  name,
  component,
  props,
  load = 'idle',
  as = 'div',
  className,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
  load?: LoadRule;
  as?: 'div' | 'span' | 'section' | 'aside' | 'p';
  className?: string;
}) {
  const scope = usePageScope();
  const s = scope.islands;
  if (!(name in s.chunks)) {
    throw new Error(`no island named "${name}": add templates/islands/${name}.tsx (islands: ${Object.keys(s.chunks).join(', ') || 'none'})`);
  }
  s.used.add(name);
  return createElement(as, {
    'data-island': name,
    'data-load': load,
    'data-props': serializeProps(props),
    className,
    // A render of its own: the scope is handed on, so a Picture in the island finds the images.
    dangerouslySetInnerHTML: { __html: renderToString(createElement(InScope, { scope }, createElement(component, props))) },
  });
}

/**
 * The loader and the chunk map, for the end of `<body>`; renders nothing on a page without
 * islands, so such a page ships no JavaScript at all.
 */
export function IslandScripts({ loader }: { loader: string }) {
  const scope = usePageScope();
  const s = scope.islands;
  const used = islandsUsed(scope);
  const islands = used.filter((n) => !n.startsWith('script:'));
  const scripts = used.filter((n) => n.startsWith('script:')).map((n) => s.chunks[n]);
  const elements: ReactElement[] = scripts.map((src) => createElement('script', { key: src, type: 'module', src }));
  if (islands.length > 0) {
    const chunks = Object.fromEntries(islands.map((n) => [n, withBase(s.chunks[n], s.base)]));
    const code = `window.__islands=${jsonForScript(chunks)};${loader}`;
    elements.push(createElement('script', { key: 'loader', type: 'module', dangerouslySetInnerHTML: { __html: code } }));
  }
  return elements.length > 0 ? createElement(Fragment, null, ...elements) : null;
}
