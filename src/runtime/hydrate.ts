import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Marks the island's element `data-hydrated` once the component's first client render has been
 * committed, i.e. once its event handlers are attached. It renders no element of its own, so the
 * server HTML still matches. The mark is the same under either client runtime (React or
 * preact/compat), so a stylesheet, a page script or a browser test can ask one question instead of
 * looking for a framework's private keys on the element.
 */
function Hydrated({ el, children }: { el: Element; children?: ReactNode }) {
  useEffect(() => el.setAttribute('data-hydrated', ''), [el]);
  return children;
}

/** Hydrates one island's own element; shared by every island chunk (it lives in the runtime chunk). */
export function hydrateIsland<P extends object>(el: Element, Component: ComponentType<P>, props: P): void {
  hydrateRoot(el, createElement(Hydrated, { el }, createElement(Component, props)));
}
