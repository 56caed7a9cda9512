/** `load`: hydrate as soon as the loader runs (module scripts run after parsing, so after first paint). */
export const load = (hydrate: () => void) => hydrate();
