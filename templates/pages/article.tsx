import { Cached } from '../../src/index.ts';
import { hasAffiliateLinks } from '../components/affiliate-links.ts';
import { AuthorBox } from '../components/author-box.tsx';
import { Document } from '../components/document.tsx';
import { articleJsonLd, author, breadcrumbs, shareImage } from '../components/json-ld.tsx';
import { Breadcrumbs } from '../components/layout.tsx';
import { Cover, PieceDates } from '../components/cover.tsx';
import { Contents, headingsOf, readingMinutes, TOC_MIN_HEADINGS } from '../components/reading.tsx';
import { Helplines } from '../components/helplines.tsx';
import { ShareBar } from '../components/share-bar.tsx';
import { SignupForm } from '../components/signup-form.tsx';
import { MoreInTopic, TagLinks, TopicKicker } from '../components/topic.tsx';
import type { SiteEntryPageProps, TopicProps } from '../content.ts';
import type { ArticleData } from '../schemas.ts';

/** An article at /post/{slug}: topic, cover, title, date, author, body, conclusion, tags, sharing, more in its topic. */
export function ArticlePage(props: SiteEntryPageProps<ArticleData> & TopicProps) {
  const { site, page, topic, tags, more } = props;
  const data = page.entry.data;
  const shared = site.shared;
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Articles', path: '/articles' },
    { name: data.title, path: page.path },
  ];
  const headings = headingsOf(page.html);
  const toc = headings.length >= TOC_MIN_HEADINGS ? [...headings, ...(data.conclusion ? [{ id: 'conclusion-heading', text: 'Conclusion' }] : [])] : [];
  const minutes = readingMinutes(page.html, data.conclusion);
  const jsonLd = [
    articleJsonLd(site.settings, {
      url: page.url,
      headline: data.title,
      description: data.excerpt,
      // The picture link previews use: covers are SVG, which Google does not take.
      image: shareImage(site.settings.url, data.socialImage, page.card, shared.site.image),
      datePublished: data.date,
      dateModified: data.updated,
      author: author(site.settings, data.author, shared.site.editorialTeam.name),
    }),
    breadcrumbs(site.settings.url, trail),
  ];
  return (
    <Document
      {...props}
      meta={{ title: data.title, description: data.excerpt, type: 'article', image: data.socialImage ?? data.coverImage, imageAlt: data.coverAlt, jsonLd, publishedTime: data.date }}
      affiliate={hasAffiliateLinks(page.html)}
      consent={['measurement']}
    >
      <article className={`wrap article${toc.length ? ' has-toc' : ''}`} data-article-id={data.id} data-pagefind-body="" data-pagefind-meta="kind:Article">
        <Breadcrumbs trail={trail} />
        <header className="article-header" data-pagefind-meta={`date:${data.date}`}>
          <TopicKicker topic={topic} />
          <h1>{data.title}</h1>
          <p className="page-meta" data-pagefind-ignore="">
            <PieceDates date={data.date} updated={data.updated} /> · {data.author} · <span className="reading-time">{minutes} min read</span>
          </p>
          <Cover data={data} sizes="(max-width: 48rem) 100vw, 48rem" />
        </header>
        {toc.length ? <Contents items={toc} /> : null}
        <div className="article-body">
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        {data.conclusion ? (
          <section className="conclusion" aria-labelledby="conclusion-heading">
            <h2 id="conclusion-heading">Conclusion</h2>
            <p>{data.conclusion}</p>
          </section>
        ) : null}
        {data.helplines ? <Helplines /> : null}
        <Cached as="aside" className="discover" aria-labelledby="discover-heading" data-pagefind-ignore="" part="discover">
          {() => (
            <>
              <h2 id="discover-heading">Discover more secrets</h2>
              <p>
                Our long-form guides go deeper: how to rebuild after a breakup, how to build emotional connection, and what
                to look for in someone new.
              </p>
              <p><a className="button" href="/guides">Explore the guides</a></p>
            </>
          )}
        </Cached>
        <TagLinks tags={tags} />
        <ShareBar url={page.url} title={data.title} />
        <SignupForm {...shared.signup} source={page.path} load="static" />
        <AuthorBox author={data.author} team={shared.site.editorialTeam} />
        </div>
      </article>
      <MoreInTopic topic={topic} cards={more} />
    </Document>
  );
}
