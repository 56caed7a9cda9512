import type { ReactNode } from 'react';
import type { SidebarTopic } from '../content.ts';
import { Sidebar } from './sidebar.tsx';

/** Main column beside the Topics sidebar on medium screens and wider; stacked on phones. */
export function WithSidebar({ topics, current, children }: { topics: SidebarTopic[]; current: string; children: ReactNode }) {
  return (
    <div className="wrap with-sidebar">
      <div className="main-column">{children}</div>
      <Sidebar topics={topics} current={current} />
    </div>
  );
}

/** A visible breadcrumb trail (the BreadcrumbList JSON-LD mirrors it). */
export function Breadcrumbs({ trail }: { trail: { name: string; path: string }[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb" data-pagefind-ignore="">
      <ol>
        {trail.map((t, i) => (
          <li key={t.path}>
            {i === trail.length - 1 ? <span aria-current="page">{t.name}</span> : <a href={t.path}>{t.name}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
