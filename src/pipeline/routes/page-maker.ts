import type { PagePlace, PageSpec, RouteProps, Template } from '../types.ts';

/**
 * The typed way to make a route's pages: `const page = pageMaker(templates)`, then
 * `page('article', { title }, { path, sources })`. The template must be a key of `templates` and
 * the props that template's own (`RouteProps`); the result is the plain `PageSpec` the route
 * table has always taken, so a site can adopt it one route at a time.
 */
export function pageMaker<T extends Record<string, Template>>(templates: T) {
  void templates;
  return <K extends keyof T & string>(template: K, props: RouteProps<T[K]>, place: PagePlace): PageSpec => ({
    ...place,
    template,
    props: props as Record<string, unknown>,
  });
}
