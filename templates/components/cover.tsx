import { Picture } from '../../src/index.ts';
import { formatDate } from './dates.ts';

/** The cover fields a piece may have (templates/schemas.ts, `pieceFields`). */
export interface CoverData {
  coverImage?: string;
  coverAlt?: string;
  coverCaption?: string;
  coverCredit?: string;
}

/**
 * A piece's cover above its text, or nothing when it has none. Drawn wide and shallow (CSS
 * `.cover`: 5:2 on phones, 3:1 wider) so the title and the first lines stay on the first screen;
 * with a caption or a credit it is a `<figure>` with a `<figcaption>`.
 */
export function Cover({ data, sizes, priority = true }: {
  data: CoverData;
  sizes: string;
  /** Loaded at once, first: it is on the first screen (default: true; a review shows it further down). */
  priority?: boolean;
}) {
  if (!data.coverImage) return null;
  const picture = <Picture className="cover" src={data.coverImage} alt={data.coverAlt ?? ''} width={1200} height={400} sizes={sizes} priority={priority} />;
  if (!data.coverCaption && !data.coverCredit) return picture;
  return (
    <figure className="cover-figure">
      {picture}
      <figcaption>
        {data.coverCaption}
        {data.coverCaption && data.coverCredit ? ' ' : null}
        {data.coverCredit ? <span className="cover-credit">{data.coverCredit}</span> : null}
      </figcaption>
    </figure>
  );
}

/** "January 5, 2025 · Updated November 27, 2026": the publication date, and the last revision's when there is one. */
export function PieceDates({ date, updated }: { date: string; updated?: string }) {
  return (
    <>
      <time dateTime={date}>{formatDate(date)}</time>
      {updated && updated !== date ? (
        <>
          {' · '}
          <span className="updated">
            Updated <time dateTime={updated}>{formatDate(updated)}</time>
          </span>
        </>
      ) : null}
    </>
  );
}
