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

/**
 * Status marks drawn as SVG rather than ✅/❌: many systems have no emoji font and show a box.
 * Decorative (`aria-hidden`): the words beside a mark say the same thing.
 */
export function StatusIcon({ kind, size = 18 }: { kind: 'yes' | 'no' | 'warn'; size?: number }) {
  return (
    <svg className={`status-icon status-icon-${kind}`} width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      {kind === 'yes' ? <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="var(--icon-ink, #fff)" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /> : null}
      {kind === 'no' ? <path d="M6.5 6.5l7 7m0-7l-7 7" fill="none" stroke="var(--icon-ink, #fff)" strokeWidth="2.2" strokeLinecap="round" /> : null}
      {kind === 'warn' ? <path d="M10 5v6.2M10 14.4v.1" fill="none" stroke="var(--icon-ink, #fff)" strokeWidth="2.4" strokeLinecap="round" /> : null}
    </svg>
  );
}
