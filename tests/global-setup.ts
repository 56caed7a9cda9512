// Runs once before any test file: builds the real site, which the browser tests then preview
// (each with a server of its own) instead of each building it again.
import type { TestProject } from 'vitest/node';
import { buildSite } from './e2e-helpers/site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site, built once for the whole run; read it, never write to it. */
    builtSite: string;
  }
}

export default async function setup(project: TestProject) {
  const built = await buildSite();
  project.provide('builtSite', built.outDir);
  return () => built.remove();
}
