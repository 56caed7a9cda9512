export interface ArticleCardData {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  coverImage: string;
  coverAlt: string;
  category: string;
}

export const formatDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

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
