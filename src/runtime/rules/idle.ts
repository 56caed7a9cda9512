/** `idle`: hydrate when the main thread is idle, or after 2 s at the latest. */
export const idle = (hydrate: () => void) => {
  if ('requestIdleCallback' in window) requestIdleCallback(hydrate, { timeout: 2000 });
  else setTimeout(hydrate, 200);
};
