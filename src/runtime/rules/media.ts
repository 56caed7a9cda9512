/** `media:(query)`: hydrate once the media query matches (e.g. only on small screens). */
export const media = (hydrate: () => void, _el: Element, query?: string) => {
  const mq = matchMedia(query ?? 'all');
  if (mq.matches) return hydrate();
  const onChange = () => {
    if (!mq.matches) return;
    mq.removeEventListener('change', onChange);
    hydrate();
  };
  mq.addEventListener('change', onChange);
};
