// One address of the real site per page type, for the tools that visit each type: the page report
// with Lighthouse (bench/pages.mjs) and the screenshots to look at (tools/screenshots.mjs).
// `status` is what the page answers (default 200). Lighthouse refuses to audit a document
// answered with 404, and the not-found pages answer 404 at every address, their own included
// (docs/deploying.md, "What each host gets"): those types have `lighthouse: false`, and only their scripts are measured.
export const PAGE_TYPES = [
  { type: 'home', path: '/' },
  { type: 'standard', path: '/about' },
  { type: 'legal', path: '/privacy-policy' },
  { type: 'article', path: '/post/first-date-tips' },
  { type: 'articles', path: '/articles' },
  { type: 'reviews-index', path: '/posts' },
  { type: 'guides-index', path: '/guides' },
  { type: 'guide', path: '/how-to-get-your-ex-back' },
  { type: 'breakup-guide', path: '/breakup-recovery-guide' },
  { type: 'review', path: '/affiliate/affiliate-his-secret-obsession-review' },
  { type: 'gift', path: '/gift-for-daughter-from-mom' },
  { type: 'gifts-index', path: '/gifts' },
  { type: 'category', path: '/category/dating' },
  { type: 'category-page-2', path: '/category/dating/page/2' },
  { type: 'tag', path: '/tag/first-dates' },
  { type: 'contact', path: '/contact' },
  { type: 'search', path: '/search?q=second+chances' },
  { type: 'thank-you', path: '/thank-you' },
  { type: 'affiliate-button', path: '/affiliate-button' },
  { type: 'landing-en', path: '/skro-dating-lp?tid=bench' },
  { type: 'landing-fr', path: '/cm-iphone16-lp?lang=fr&clickid=bench' },
  { type: 'landing-survey', path: '/survey-landing-lp?clickid=bench' },
  { type: 'landing-age-gate', path: '/approachx-redirect-lp?clickid=bench' },
  { type: '404', path: '/no-such-page-bench', status: 404, lighthouse: false },
  { type: 'section-404', path: '/post/no-such-article', status: 404, lighthouse: false },
];
