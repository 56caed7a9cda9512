import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { serializeProps } from '../runtime/props.ts';

/** When an island hydrates: `load`, `idle` (default), `visible`, or `media:(query)`. */
export type LoadRule = 'load' | 'idle' | 'visible' | `media:${string}`;

interface IslandState {
  /** Island name → chunk URL, for every island of the site (set before rendering). */
  chunks: Record<string, string>;
  /** Islands used by the page being rendered. */
  used: Set<string>;
}

// Templates and the renderer may be compiled into different bundles; a global keyed by a
// registered symbol is the one state both see.
const KEY = Symbol.for('heartnotes.islands');
const state = (): IslandState => ((globalThis as Record<symbol, IslandState>)[KEY] ??= { chunks: {}, used: new Set() });

/** Called by the renderer before each page. */
export function startPage(chunks: Record<string, string>): void {
  const s = state();
  s.chunks = chunks;
  s.used = new Set();
}

/** The islands the page just rendered used, sorted. */
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
  if (s.used.size === 0) return null;
  const chunks = Object.fromEntries(islandsUsed().map((n) => [n, s.chunks[n]]));
  const code = `window.__islands=${JSON.stringify(chunks).replace(/</g, '\\u003c')};${loader}`;
  return createElement('script', { type: 'module', dangerouslySetInnerHTML: { __html: code } });
}
