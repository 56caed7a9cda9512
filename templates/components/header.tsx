import { Cached, escapeHtml, pageScriptUrl } from '../../src/index.ts';
import type { NavItem } from '../schemas.ts';
import { HeartMark } from './icons.tsx';

/**
 * Site header, one row: the site name, the navigation and search. Wide screens show the
 * navigation as a bar and the search box beside it. Narrower screens show a Search button and a
 * Menu button that open the box and the list as popovers (the HTML Popover API, no JavaScript
 * needed): at 200 % zoom or on a phone the header stays one short row, so the first screen is
 * the page, not its chrome. Escape or a click outside closes a popover and puts focus back on
 * its button; a link click loads the next page, where both start closed. Browsers without
 * popovers show the list and the box under the header.
 *
 * Rendered once for every page that is none of the home page, search and the navigation's own
 * pages, which are the only ones it marks (`Cached`).
 */
export function Header({ siteTitle, nav, current }: { siteTitle: string; nav: NavItem[]; current: string }) {
  const marked = current === '/' || current === '/search' || nav.some((item) => item.path === current) ? current : '';
  return (
    <Cached as="header" className="site-header" part={`header ${marked}`}>
      {() => <HeaderContent siteTitle={siteTitle} nav={nav} current={marked} />}
    </Cached>
  );
}

function HeaderContent({ siteTitle, nav, current }: { siteTitle: string; nav: NavItem[]; current: string }) {
  const search = current !== '/search';
  return (
    <>
      <div className="wrap header-inner">
        <a className="brand" href="/" aria-current={current === '/' ? 'page' : undefined}>
          <HeartMark />
          <span>{siteTitle}</span>
        </a>
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
        {search ? <div className="header-search-slot" dangerouslySetInnerHTML={{ __html: searchForm(pageScriptUrl('search')) }} /> : null}
        <div className="header-buttons">
          {search ? (
            <button type="button" className="header-toggle search-toggle" popoverTarget="site-search">
              <SearchIcon />
              <span className="toggle-label">Search</span>
            </button>
          ) : null}
          <button type="button" className="header-toggle menu-toggle" popoverTarget="site-menu">
            <span className="menu-icon" aria-hidden="true" />
            <span className="toggle-label">Menu</span>
          </button>
        </div>
      </div>
    </>
  );
}

/** A magnifying glass, beside the word Search (decorative). */
function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="8.5" cy="8.5" r="5.75" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
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
    // Opened as a popover, the box takes focus (a popover focuses nothing by itself).
    '<div class="header-search" id="site-search" popover="auto" ontoggle="if(event.newState===\'open\')this.querySelector(\'input\').focus()">' +
    '<form class="site-search" action="/search" method="get" role="search" data-site-search="">' +
    '<label class="visually-hidden" for="site-search-q">Search articles, guides and reviews</label>' +
    `<input class="search-input" id="site-search-q" type="search" name="q" placeholder="Search advice" autocomplete="off" enterkeyhint="search" onfocus="import('${escapeHtml(scriptUrl)}')">` +
    '<button class="search-submit" type="submit">Search</button>' +
    '<div class="search-panel" id="site-search-panel" data-search-panel="" hidden></div>' +
    '</form>' +
    '</div>'
  );
}
