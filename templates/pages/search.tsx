import { PageScript } from '../../src/index.ts';
import { Document } from '../components/document.tsx';
import type { SitePageProps } from '../content.ts';

/**
 * /search: the results for ?q=, listed by the search page script (templates/scripts/search.ts)
 * from the build's search index. Without JavaScript it says so and offers the listings instead.
 * The results come right under the box, and the listings after them; with scripting on, the
 * results list keeps a screen's height until they arrive (site.css), so the listings below are
 * not shown first and then pushed down (no layout shift).
 */
export function SearchPage(props: SitePageProps) {
  return (
    <Document {...props} meta={{ title: 'Search', description: 'Search the Heart Notes articles, guides, reviews and gift guides.', noindex: true }}>
      <div className="wrap search-page">
        <header className="page-header">
          <h1>Search</h1>
        </header>
        <form className="search-page-form" action="/search" method="get" role="search" data-search-page="">
          <label htmlFor="search-page-q">Search articles, guides, reviews and gift guides</label>
          <div className="search-page-row">
            <input className="search-input" id="search-page-q" type="search" name="q" autoComplete="off" enterKeyHint="search" aria-describedby="search-page-status" />
            <button className="button" type="submit">Search</button>
          </div>
        </form>
        <noscript>
          <p className="search-status">
            Search needs JavaScript, which is turned off in this browser. Everything is still a click away
            in the lists below.
          </p>
        </noscript>
        <p className="search-status" id="search-page-status" role="status" data-search-status="" />
        <ol className="search-results search-page-results" data-search-results="" />
        <p>
          <button className="button button-quiet" type="button" data-search-more="" hidden>Show more results</button>
        </p>
        <nav className="search-browse" aria-labelledby="search-browse-heading">
          <h2 id="search-browse-heading">Or browse</h2>
          <ul>
            <li><a href="/articles">All articles</a>, newest first</li>
            <li><a href="/guides">Guides</a> on breakups, connection and dating</li>
            <li><a href="/gifts">Gift guides</a> for the people you love</li>
            <li><a href="/posts">Reviews and features</a></li>
          </ul>
        </nav>
      </div>
      <PageScript name="search" />
    </Document>
  );
}
