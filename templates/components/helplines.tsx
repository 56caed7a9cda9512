/**
 * Real, well-known crisis and abuse lines, as each publishes itself: nothing here may be guessed
 * (docs/product.md, "Honest versions"). Check a line's own site before changing its number.
 */
export const HELPLINES = [
  {
    name: '988 Suicide & Crisis Lifeline',
    where: 'US',
    contacts: [{ label: 'call 988', href: 'tel:988' }, { label: 'text 988', href: 'sms:988' }],
    site: { href: 'https://988lifeline.org/', label: '988lifeline.org' },
  },
  {
    name: 'National Domestic Violence Hotline',
    where: 'US',
    contacts: [{ label: 'call 1-800-799-7233', href: 'tel:+18007997233' }],
    site: { href: 'https://www.thehotline.org/', label: 'thehotline.org' },
  },
  {
    name: 'Samaritans',
    where: 'UK and Ireland',
    contacts: [{ label: 'call 116 123', href: 'tel:116123' }],
    site: { href: 'https://www.samaritans.org/', label: 'samaritans.org' },
  },
] as const;

/**
 * The help-now box of pages about breakups, abuse and emotional health (`helplines: true` in
 * front matter): who to call, a tap-to-call (or text) link each, and local emergency services for
 * everyone else. Plain HTML, no script; it prints.
 */
export function Helplines() {
  return (
    <aside className="helplines" aria-labelledby="helplines-heading" data-pagefind-ignore="">
      <h2 id="helplines-heading">If you need help now</h2>
      <p>If you are thinking about harming yourself, or someone is hurting or frightening you, you do not have to handle it alone:</p>
      <ul>
        {HELPLINES.map((line) => (
          <li key={line.name}>
            <strong>{line.name}</strong> ({line.where}):{' '}
            {line.contacts.map((c, i) => (
              <span key={c.href}>
                {i ? ' or ' : ''}
                <a href={c.href}>{c.label}</a>
              </span>
            ))}{' '}
            ·{' '}
            <a href={line.site.href} target="_blank" rel="noopener noreferrer">
              {line.site.label}<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="helplines-elsewhere">
        <strong>Anywhere else, or if you are in danger right now:</strong> call your local emergency number.
      </p>
    </aside>
  );
}
