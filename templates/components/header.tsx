import type { NavItem } from '../schemas.ts';
import { HeartMark } from './icons.tsx';

function NavList({ items, current, id }: { items: NavItem[]; current: string; id?: string }) {
  return (
    <ul className="nav-list" id={id}>
      {items.map((item) => (
        <li key={item.path}>
          <a href={item.path} aria-current={item.path === current ? 'page' : undefined}>
            {item.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Site header. Wide screens show the navigation bar; small screens show a Menu toggle built on
 * `<details>`, so it opens and closes without JavaScript.
 */
export function Header({ siteTitle, nav, current }: { siteTitle: string; nav: NavItem[]; current: string }) {
  return (
    <header className="site-header">
      <div className="wrap header-inner">
        <a className="brand" href="/" aria-current={current === '/' ? 'page' : undefined}>
          <HeartMark />
          <span>{siteTitle}</span>
        </a>
        <nav className="nav-desktop" aria-label="Main">
          <NavList items={nav} current={current} />
        </nav>
        <details className="nav-mobile">
          <summary>
            <span className="menu-icon" aria-hidden="true" />
            Menu
          </summary>
          <nav aria-label="Main">
            <NavList items={nav} current={current} />
          </nav>
        </details>
      </div>
    </header>
  );
}
