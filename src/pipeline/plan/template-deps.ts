import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import type { SiteConfig } from '../types.ts';

/** What one page template is made of, so a change to a source file re-renders only its users. */
export interface TemplateDeps {
  /** Every source file the template imports, transitively, itself included (absolute paths). */
  files: Set<string>;
  /** Islands (file names in `islandsDir`, without `.tsx`) among those files. */
  islands: string[];
  /** Hash of those files' paths and contents: changes exactly when one of them changes. */
  key: string;
}

/**
 * Maps each template name of the compiled site to the source files it imports, from esbuild's
 * metafile. A template's file is the one input that declares its component's function name; when
 * none or several do, the template is taken to depend on every compiled file, so a change is
 * never missed, only over-rebuilt.
 *
 * # Design decision
 * Options considered: naming conventions (`post` → `templates/pages/post.tsx`; wrong as soon
 * as a template's file is named otherwise, e.g. `posts` → `posts-index.tsx`), or compiling each template on its own (a second esbuild call per
 * template on every change). Matching the component's name costs one read of each compiled file
 * per compile and needs no convention.
 */
export function templateDependencies(
  config: SiteConfig,
  metafile: Metafile,
  root: string,
  islandsDir: string,
): { templates: Map<string, TemplateDeps>; contentModel: string } {
  const inputs = Object.keys(metafile.inputs).filter((f) => !f.includes('node_modules/') && !f.includes(':'));
  const absolute = (file: string) => resolve(root, file);
  const texts = new Map<string, string>();
  for (const file of inputs) {
    try {
      texts.set(file, readFileSync(absolute(file), 'utf8'));
    } catch {
      texts.set(file, '');
    }
  }
  const hashOf = new Map([...texts].map(([file, text]) => [file, createHash('sha256').update(text).digest('hex')]));

  const closure = (start: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file) || !texts.has(file)) continue;
      seen.add(file);
      for (const imp of metafile.inputs[file]?.imports ?? []) if (!imp.external) stack.push(imp.path);
    }
    return seen;
  };

  const keyOf = (files: Iterable<string>) => {
    const key = createHash('sha256');
    for (const f of [...files].sort()) key.update(f).update('\0').update(hashOf.get(f)!).update('\n');
    return key.digest('hex').slice(0, 16);
  };

  // The content model: the modules that import zod (the schemas) and what they import, plus where
  // each collection lives. While it is unchanged, loaded records and their validation are reused.
  const schemaFiles = new Set<string>();
  for (const file of inputs) {
    if (metafile.inputs[file].imports.some((i) => i.external && /^zod(\/|$)/.test(i.path))) for (const f of closure(file)) schemaFiles.add(f);
  }
  const layout = Object.entries(config.collections).map(([name, c]) => [name, c.kind, c.kind === 'markdown' ? [c.folder, c.placeholders] : c.file]);
  const contentModel = `${keyOf(schemaFiles)}:${JSON.stringify(layout)}`;

  const templates = new Map<string, TemplateDeps>();
  for (const [name, component] of Object.entries(config.templates)) {
    const declared = component.name ? new RegExp(`(?:function|const|let|class)\\s+${component.name}\\b`) : undefined;
    const homes = declared ? inputs.filter((f) => declared.test(texts.get(f)!)) : [];
    const files = homes.length === 1 ? closure(homes[0]) : new Set(inputs);
    const sorted = [...files].sort();
    const islands = sorted
      .map(absolute)
      .filter((f) => f.startsWith(`${islandsDir}/`) && f.endsWith('.tsx'))
      .map((f) => basename(f, '.tsx'));
    templates.set(name, { files: new Set(sorted.map(absolute)), islands, key: keyOf(sorted) });
  }
  return { templates, contentModel };
}
