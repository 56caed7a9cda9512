import { escapeHtml, pageScriptUrl } from '../../src/index.ts';
import type { NavItem } from '../schemas.ts';
import { HeartMark } from './icons.tsx';

/**
 * Site header with one navigation list and the search box. Wide screens show the list as a bar.
 * Small screens show a Menu button that opens it as a popover (the HTML Popover API), which needs
 * no JavaScript. Escape or a click outside closes it and puts focus back on the button. A link
 * click loads the next page, where the menu starts closed. Browsers without popovers show the list
 * under the header.
 */
export function Header({ siteTitle, nav, current }: { siteTitle: string; nav: NavItem[]; current: string }) {
  return (
    <header className="site-header">
      <div className="wrap header-inner">
        <a className="brand" href="/" aria-current={current === '/' ? 'page' : undefined}>
          <HeartMark />
          <span>{siteTitle}</span>
        </a>
        <button type="button" className="menu-toggle" popoverTarget="site-menu">
          <span className="menu-icon" aria-hidden="true" />
          Menu
        </button>
        <nav className="site-nav" id="site-menu" aria-label="Main" popover="auto">
          <ul className="nav-list">
            {nav.map((item) => (
              <li key={item.path}>
                <a href={item.path} aria-current={item.path === current ? 'page' : undefined}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {current === '/search' ? null : <div className="wrap header-search" dangerouslySetInnerHTML={{ __html: searchForm(pageScriptUrl('search')) }} />}
    </header>
  );
}

/**
 * The header's search box: a plain GET form to /search, so it works without JavaScript. The box's
 * first focus imports the search script (templates/scripts/search.ts), which shows results under
 * the box as the visitor types. Until then the page has no script and requests none; React cannot
 * render an `onfocus` attribute holding code, hence the markup as a string.
 */
function searchForm(scriptUrl: string): string {
  return (
    '<form class="site-search" action="/search" method="get" role="search" data-site-search="">' +
    '<label class="visually-hidden" for="site-search-q">Search articles, guides and reviews</label>' +
    `<input class="search-input" id="site-search-q" type="search" name="q" placeholder="Search advice" autocomplete="off" enterkeyhint="search" onfocus="import('${escapeHtml(scriptUrl)}')">` +
    '<button class="search-submit" type="submit">Search</button>' +
    '<div class="search-panel" id="site-search-panel" data-search-panel="" hidden></div>' +
    '</form>'
  );
}
