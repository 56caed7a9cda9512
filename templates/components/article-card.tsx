export interface ArticleCardData {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  coverImage: string;
  coverAlt: string;
  category: string;
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** `2025-01-05` → `January 5, 2025`. */
export const formatDate = (iso: string) => longDate.format(new Date(`${iso}T00:00:00Z`));

/** A card linking to an article; `headingLevel` keeps the outline correct where it is placed. */
export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleCardData; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const;
  return (
    <article className="card">
      <img src={article.coverImage} alt={article.coverAlt} width={640} height={360} loading="lazy" decoding="async" />
      <div className="card-body">
        <p className="card-kicker">{article.category} · <time dateTime={article.date}>{formatDate(article.date)}</time></p>
        <H className="card-title">
          <a href={`/post/${article.slug}`}>{article.title}</a>
        </H>
        <p>{article.excerpt}</p>
      </div>
    </article>
  );
}
