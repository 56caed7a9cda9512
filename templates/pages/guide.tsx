import { hasAffiliateLinks } from '../components/affiliate-links.ts';
import { AuthorBox } from '../components/author-box.tsx';
import { Document } from '../components/document.tsx';
import type { SiteEntryPageProps, TopicProps } from '../content.ts';
import { MoreInTopic, TagLinks, TopicKicker } from '../components/topic.tsx';
import { Faq, faqJsonLd, htmlToText } from '../components/faq.tsx';
import { articleJsonLd, author, breadcrumbs, shareImage } from '../components/json-ld.tsx';
import { Breadcrumbs } from '../components/layout.tsx';
import { Cover, PieceDates } from '../components/cover.tsx';
import { Contents, headingsOf, readingMinutes, TOC_MIN_HEADINGS } from '../components/reading.tsx';
import { Helplines } from '../components/helplines.tsx';
import { ShareBar } from '../components/share-bar.tsx';
import { SignupForm } from '../components/signup-form.tsx';
import type { GuideData } from '../schemas.ts';

/** A long-form advice page: topic, optional contents, the body, an optional download, the FAQ, tags, more in its topic. */
export function GuidePage(props: SiteEntryPageProps<GuideData> & TopicProps) {
  const { site, page, topic, tags, more } = props;
  const data = page.entry.data;
  const shared = site.shared;
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Guides', path: '/guides' },
    { name: data.title, path: page.path },
  ];
  const headings = headingsOf(page.html);
  // Contents when the guide asks for them or is long (three h2s or more).
  const toc = data.toc || headings.length >= TOC_MIN_HEADINGS ? [...headings, ...(data.faq.length ? [{ id: 'faq', text: data.faqTitle }] : [])] : [];
  const minutes = readingMinutes(page.html, ...data.faq.map((f) => `${f.q} ${htmlToText(page.markdown(f.a))}`));
  const jsonLd: unknown[] = [
    articleJsonLd(site.settings, {
      url: page.url,
      headline: data.title,
      description: data.description,
      // The picture link previews use: covers are SVG, which Google does not take.
      image: shareImage(site.settings.url, data.socialImage, page.card, shared.site.image),
      datePublished: data.date,
      dateModified: data.updated,
      // The page's byline is the editorial team's.
      author: author(site.settings, shared.site.editorialTeam.name, shared.site.editorialTeam.name),
    }),
    breadcrumbs(site.settings.url, trail),
  ];
  if (data.faq.length) jsonLd.push(faqJsonLd(data.faq, (md) => htmlToText(page.markdown(md))));
  return (
    <Document
      {...props}
      meta={{ title: data.title, description: data.description, type: 'article', image: data.socialImage ?? data.coverImage, imageAlt: data.coverAlt, jsonLd, publishedTime: data.date }}
      affiliate={hasAffiliateLinks(page.html)}
    >
      <article className={`wrap article guide${toc.length ? ' has-toc' : ''}`} data-pagefind-body="" data-pagefind-meta="kind:Guide">
        <Breadcrumbs trail={trail} />
        <header className="article-header" data-pagefind-meta={`date:${data.updated ?? data.date}`}>
          <TopicKicker topic={topic} />
          <h1>{data.heading ?? data.title}</h1>
          <p className="page-meta" data-pagefind-ignore="">
            <PieceDates date={data.date} updated={data.updated} /> · {shared.site.editorialTeam.name} · <span className="reading-time">{minutes} min read</span>
          </p>
          <Cover data={data} sizes="(max-width: 48rem) 100vw, 48rem" />
        </header>
        {toc.length ? <Contents items={toc} /> : null}
        <div className="article-body">
        {data.download ? (
          <p className="download">
            <a className="button" href={data.download.href} download>{data.download.label}</a>
          </p>
        ) : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        {data.helplines ? <Helplines /> : null}
        <Faq title={data.faqTitle} items={data.faq} firstOpen={data.faqFirstOpen} renderMarkdown={page.markdown} />
        <TagLinks tags={tags} />
        <ShareBar url={page.url} title={data.title} />
        <SignupForm {...shared.signup} source={page.path} load="static" />
        <AuthorBox team={shared.site.editorialTeam} />
        </div>
      </article>
      <MoreInTopic topic={topic} cards={more} />
    </Document>
  );
}
