import { idle } from './rules/idle.ts';
import { load } from './rules/load.ts';
import { media } from './rules/media.ts';
import { visible } from './rules/visible.ts';
import { reviveProps } from './props.ts';

/**
 * The island loader, inlined into pages that have islands (a few hundred bytes, no framework).
 * For each `[data-island]` element it waits for the element's loading rule, then imports that
 * island's chunk and hydrates only that element. The page supplies `window.__islands`: island
 * name → chunk URL, for the islands it uses.
 */
type Rule = (hydrate: () => void, el: Element, arg?: string) => void;
const rules: Record<string, Rule> = { load, idle, visible, media };
const chunks = (window as unknown as { __islands: Record<string, string> }).__islands;

for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-island]'))) {
  const spec = el.dataset.load ?? 'idle';
  const colon = spec.indexOf(':');
  const rule = rules[colon === -1 ? spec : spec.slice(0, colon)] ?? idle;
  rule(
    () => {
      import(/* @vite-ignore */ chunks[el.dataset.island!]).then((m: { default: (el: Element, props: unknown) => void }) =>
        m.default(el, reviveProps(el.dataset.props ?? '{}')),
      );
    },
    el,
    colon === -1 ? undefined : spec.slice(colon + 1),
  );
}
