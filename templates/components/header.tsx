import type { NavItem } from '../schemas.ts';
import { HeartMark } from './icons.tsx';

/**
 * Site header with one navigation list. Wide screens show it as a bar. Small screens show a Menu
 * button that opens it as a popover (the HTML Popover API), which needs no JavaScript. Escape or a
 * click outside closes it and puts focus back on the button. A link click loads the next page,
 * where the menu starts closed. Browsers without popovers show the list under the header.
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
    </header>
  );
}
