/** The site's heart mark; decorative wherever the site name is also written. */
export function HeartMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 28s-11-6.6-11-15a6.5 6.5 0 0 1 11-4.7A6.5 6.5 0 0 1 27 13c0 8.4-11 15-11 15z"
        fill="currentColor"
      />
    </svg>
  );
}
