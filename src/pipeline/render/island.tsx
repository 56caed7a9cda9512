import { createElement, Fragment, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { serializeProps } from '../../runtime/props.ts';
import { jsonForScript } from '../../escape.ts';
import { withBase } from '../routes/base-path.ts';

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

// Templates and the renderer may be compiled into different bundles; a global keyed by a
// registered symbol is the one state both see.
const KEY = Symbol.for('heartnotes.islands');
const state = (): IslandState => ((globalThis as Record<symbol, IslandState>)[KEY] ??= { chunks: {}, used: new Set(), base: '/' });

/** Called by the renderer before each page. */
export function startPage(chunks: Record<string, string>, base = '/'): void {
  const s = state();
  s.chunks = chunks;
  s.used = new Set();
  s.base = base;
}

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
  const url = state().chunks[`script:${name}`];
  if (!url) throw new Error(`no page script named "${name}": add templates/scripts/${name}.ts`);
  // Written into script (an inline handler), which the pass over attributes leaves alone.
  return withBase(url, state().base);
}

/** The islands (and, as `script:<name>`, page scripts) the page just rendered used, sorted. */
export function islandsUsed(): string[] {
  return [...state().used].sort();
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
  const s = state();
  if (!(name in s.chunks)) {
    throw new Error(`no island named "${name}": add templates/islands/${name}.tsx (islands: ${Object.keys(s.chunks).join(', ') || 'none'})`);
  }
  s.used.add(name);
  return createElement(as, {
    'data-island': name,
    'data-load': load,
    'data-props': serializeProps(props),
    className,
    dangerouslySetInnerHTML: { __html: renderToString(createElement(component, props)) },
  });
}

/**
 * The loader and the chunk map, for the end of `<body>`; renders nothing on a page without
 * islands, so such a page ships no JavaScript at all.
 */
export function IslandScripts({ loader }: { loader: string }) {
  const s = state();
  const used = islandsUsed();
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
