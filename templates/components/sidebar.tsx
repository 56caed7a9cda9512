import type { SidebarTopic } from '../content.ts';

/**
 * The Topics accordion: one section per topic, with a link to the topic's page and to each of its
 * tags. Built on `<details name>`, so browsers keep one section open at a time without
 * JavaScript; the topic of the current page (its own page, a later page of it, or one of its tags)
 * starts open.
 */
export function Sidebar({ topics, current }: { topics: SidebarTopic[]; current: string }) {
  if (topics.length === 0) return null;
  const openTopic = topics.find((t) => current === t.path || current.startsWith(`${t.path}/page/`))
    ?? topics.find((t) => t.tags.some((tag) => current === tag.path || current.startsWith(`${tag.path}/page/`)))
    ?? topics[0];
  return (
    <aside className="sidebar" aria-labelledby="sidebar-heading">
      <h2 id="sidebar-heading" className="sidebar-heading">Topics</h2>
      {topics.map((t) => (
        <details key={t.path} name="sidebar-topics" className="sidebar-group" open={t === openTopic}>
          <summary>{t.title}</summary>
          <ul>
            <li>
              <a href={t.path} aria-current={current === t.path ? 'page' : undefined}>
                Everything in {t.title}
              </a>
            </li>
            {t.tags.map((tag) => (
              <li key={tag.path}>
                <a href={tag.path} aria-current={current === tag.path ? 'page' : undefined}>{tag.tag}</a>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </aside>
  );
}
