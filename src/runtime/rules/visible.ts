/** `visible`: hydrate when the island comes within 200 px of the viewport. */
export const visible = (hydrate: () => void, el: Element) => {
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      hydrate();
    },
    { rootMargin: '200px' },
  );
  io.observe(el);
};
