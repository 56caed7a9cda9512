/**
 * The five topic icons, drawn as SVG in the text colour: emoji need an emoji font, which many
 * systems lack (a box in its place), and they ignore the page's colours in dark mode.
 */
export const TOPIC_ICONS = {
  hearts: (
    <>
      <path d="M9 20s-6.5-4-8.2-8C-.4 8.9 1.5 6 4.4 6 6.1 6 7.3 7 8.2 8.2 9.1 7 10.3 6 12 6c2.9 0 4.8 2.9 3.6 6C13.9 16 9 20 9 20z" />
      <path d="M17.5 11.5s-3.4-2.1-4.3-4.2c-.6-1.6.4-3.1 1.9-3.1.9 0 1.6.5 2.1 1.2.5-.7 1.1-1.2 2-1.2 1.5 0 2.5 1.5 1.9 3.1-.9 2.1-3.6 4.2-3.6 4.2z" opacity="0.6" />
    </>
  ),
  speech: <path d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" />,
  sprout: (
    <>
      <path d="M11 13C5.5 13 2.5 9.5 2.5 4c5.5 0 8.5 3.5 8.5 9z" />
      <path d="M13 15c0-4.5 3-7.5 8.5-7.5 0 4.5-3 7.5-8.5 7.5z" opacity="0.75" />
      <path d="M11 12h2v10h-2z" />
    </>
  ),
  sparkles: (
    <>
      <path d="M10 2l2.3 6.7L19 11l-6.7 2.3L10 20l-2.3-6.7L1 11l6.7-2.3z" />
      <path d="M19 14l1 2.9 3 1.1-3 1.1-1 2.9-1-2.9-3-1.1 3-1.1z" opacity="0.7" />
    </>
  ),
  flower: (
    <>
      <path d="M12 13c-3.9 0-6-2.7-6-6.5V2.5l3 2.5 3-3.5 3 3.5 3-2.5v4c0 3.8-2.1 6.5-6 6.5z" />
      <path d="M11 12h2v10h-2z" />
      <path d="M12 19c-1.5-3-4-4-7-4 .5 3 3 5 7 5z" opacity="0.7" />
    </>
  ),
} as const;

export type TopicIconName = keyof typeof TOPIC_ICONS;

/** Names of the icons, in the order topics take them when their data names none. */
export const TOPIC_ICON_NAMES = Object.keys(TOPIC_ICONS) as TopicIconName[];

/** A decorative topic icon (hidden from assistive technology: the heading beside it says the topic). */
export function TopicIcon({ name }: { name: TopicIconName }) {
  return (
    <svg className="topic-icon" data-icon={name} viewBox="0 0 24 24" width="48" height="48" fill="currentColor" aria-hidden="true">
      {TOPIC_ICONS[name]}
    </svg>
  );
}
