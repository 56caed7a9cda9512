import { setFlagsFromString } from 'node:v8';

/**
 * Has V8 collect the old generation of every thread when it has grown by half of what survived
 * the last full collection, rather than by up to three times as much, from now on (a flag of the
 * whole process: render workers too). For work that makes a lot and keeps most of it: a cold
 * build, `dev`.
 *
 * # Design decision
 * A build's main thread keeps most of what it makes (the content, the routes, the pages' links
 * and search records) and throws away a page's worth of work at a time, so on the 4,000-page
 * bench it grew from 70 MB live to 190 MB before collecting. Half again the live size keeps a cold
 * build's peak about 60–80 MB lower at no measured cost in time
 * (docs/architecture.md, "Peak memory under 400 MB").
 * It is not set for a build that renders few pages (a deploy after one edit): there its heap
 * grows from small, and the collections it brings cost about 0.1 s of 1.2.
 */
export function keepHeapSmall(): void {
  setFlagsFromString('--heap-growing-percent=50');
}
