import type { LinkGroup } from '../schemas.ts';

/**
 * The Categories accordion. Built on `<details name>`, so browsers keep one section open at a
 * time without JavaScript; the group of the current page starts open.
 */
export function Sidebar({ groups, current }: { groups: LinkGroup[]; current: string }) {
  if (groups.length === 0) return null;
  // A group's own page and its later pages (/category/{value}/page/N) open it too.
  const openGroup = groups.find((g) => g.links.some((l) => current.startsWith(l.path))
    || current === `/category/${g.value}` || current.startsWith(`/category/${g.value}/page/`)) ?? groups[0];
  return (
    <aside className="sidebar" aria-labelledby="sidebar-heading">
      <h2 id="sidebar-heading" className="sidebar-heading">Categories</h2>
      {groups.map((g) => (
        <details key={g.id} name="sidebar-categories" className="sidebar-group" open={g === openGroup}>
          <summary>{g.title}</summary>
          <ul>
            <li>
              <a href={`/category/${g.value}`} aria-current={current === `/category/${g.value}` ? 'page' : undefined}>
                All {g.title}
              </a>
            </li>
            {g.links.map((l) => (
              <li key={l.path}>
                <a href={l.path} aria-current={current === l.path ? 'page' : undefined}>{l.label}</a>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </aside>
  );
}
