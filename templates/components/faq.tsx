import { decodeHtml } from '../../src/index.ts';
import type { FaqItem } from '../schemas.ts';

/** FAQPage structured data for a list of questions; answers as plain text. */
export function faqJsonLd(items: FaqItem[], answerText: (md: string) => string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((f) => ({
      '@type': 'Question',
      name: f.q,
      acceptedAnswer: { '@type': 'Answer', text: answerText(f.a) },
    })),
  };
}

/**
 * An FAQ accordion. `<details name>` keeps one answer open at a time and clicking the open one
 * closes it, with no JavaScript; answers are Markdown rendered at build time.
 */
export function Faq({
  id = 'faq',
  title,
  items,
  firstOpen = false,
  renderMarkdown,
}: {
  id?: string;
  title: string;
  items: FaqItem[];
  firstOpen?: boolean;
  renderMarkdown: (md: string) => string;
}) {
  if (items.length === 0) return null;
  return (
    <section className="faq" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {items.map((f, i) => (
        <details key={f.q} name={`${id}-items`} className="faq-item" open={firstOpen && i === 0}>
          <summary>{f.q}</summary>
          <div className="faq-answer" dangerouslySetInnerHTML={{ __html: renderMarkdown(f.a) }} />
        </details>
      ))}
    </section>
  );
}

/** Strips tags from rendered Markdown, for structured data. */
export function htmlToText(html: string): string {
  return decodeHtml(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
