import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Hydrates one island's own element; shared by every island chunk (it lives in the runtime chunk). */
export function hydrateIsland<P extends object>(el: Element, Component: ComponentType<P>, props: P): void {
  hydrateRoot(el, createElement(Component, props));
}
