import { pageMaker, type Template } from '../src/index.ts';
import { AffiliateButtonPage } from './pages/affiliate-button.tsx';
import { ArticlePage } from './pages/article.tsx';
import { ArticlesPage } from './pages/articles.tsx';
import { CategoryPage } from './pages/category.tsx';
import { ContactPage } from './pages/contact.tsx';
import { GiftPage } from './pages/gift.tsx';
import { GiftsIndexPage } from './pages/gifts-index.tsx';
import { GuidePage } from './pages/guide.tsx';
import { GuidesIndexPage } from './pages/guides-index.tsx';
import { HomePage } from './pages/home.tsx';
import { LandingPage } from './pages/landing.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { OutboundPage } from './pages/outbound.tsx';
import { PostsPage } from './pages/posts.tsx';
import { ReviewPage } from './pages/review.tsx';
import { SearchPage } from './pages/search.tsx';
import { SectionNotFoundPage } from './pages/section-not-found.tsx';
import { StandardPage } from './pages/standard.tsx';
import { TagPage } from './pages/tag.tsx';

/** Every page template by the name the route table uses. */
export const templates = {
  'affiliate-button': AffiliateButtonPage,
  article: ArticlePage,
  articles: ArticlesPage,
  category: CategoryPage,
  contact: ContactPage,
  gift: GiftPage,
  'gifts-index': GiftsIndexPage,
  guide: GuidePage,
  guides: GuidesIndexPage,
  home: HomePage,
  landing: LandingPage,
  'not-found': NotFoundPage,
  outbound: OutboundPage,
  posts: PostsPage,
  review: ReviewPage,
  search: SearchPage,
  'section-not-found': SectionNotFoundPage,
  standard: StandardPage,
  tag: TagPage,
} satisfies Record<string, Template>;

/** A page of the route table, its props checked against its template's: `page('tag', props, { path, sources })`. */
export const page = pageMaker(templates);

/** The name of a page template. */
export type TemplateName = keyof typeof templates;
