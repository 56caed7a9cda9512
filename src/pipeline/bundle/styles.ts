import { join } from 'node:path';
import { keptEsbuild, keptFileIn } from '../compile/compile-cache.ts';
import { DiagnosticError } from '../../diagnostics/diagnostic.ts';
import { messages } from '../../diagnostics/messages.ts';
import { esbuildDiagnostics } from '../compile/esbuild-diagnostics.ts';

export interface StyleAsset {
  /** Output path, e.g. `assets/site-3FJ2KQ.css`. */
  outFile: string;
  /** URL path, e.g. `/assets/site-3FJ2KQ.css`. */
  href: string;
  contents: Uint8Array;
}

/** Bundles and minifies the site stylesheet into one content-hashed file. */
export async function bundleStyles(root: string, entry: string | undefined, keep?: string): Promise<{ assets: StyleAsset[]; inputs: string[] }> {
  if (!entry) return { assets: [], inputs: [] };
  try {
    const result = await keptEsbuild(keptFileIn(keep, 'styles'), {
      entryPoints: [join(root, entry)],
      bundle: true,
      minify: true,
      write: false,
      outdir: join(root, '.cache', 'assets'),
      entryNames: '[name]-[hash]',
      assetNames: '[name]-[hash]',
      logLevel: 'silent',
      target: ['chrome100', 'firefox100', 'safari15'],
      loader: { '.svg': 'file', '.woff2': 'file', '.png': 'file' },
      publicPath: '/assets',
      metafile: true,
      absWorkingDir: root,
    });
    const assets = result.outputFiles.map((f) => {
      const name = f.path.slice(f.path.lastIndexOf('/') + 1);
      return { outFile: `assets/${name}`, href: `/assets/${name}`, contents: f.contents };
    });
    return { assets, inputs: Object.keys(result.metafile.inputs).map((file) => join(root, file)) };
  } catch (error) {
    throw new DiagnosticError(esbuildDiagnostics(error, messages.stylesCompile, root));
  }
}

/**
 * The stylesheet for a site under `base` (`/blog/`): each root-absolute `url(…)` in it (the fonts
 * and images esbuild names under its `publicPath`, `/assets/…`) becomes one under the base. Like
 * the islands' chunks (islands.ts), the bundle is made before the site's URL is known.
 */
export function styleAssetsUnderBase(assets: StyleAsset[], base: string): StyleAsset[] {
  if (base === '/') return assets;
  return assets.map((a) => {
    if (!a.outFile.endsWith('.css')) return a;
    const text = new TextDecoder().decode(a.contents);
    return { ...a, contents: new TextEncoder().encode(text.replace(/url\((["']?)\/(?!\/)/g, (_all, quote: string) => `url(${quote}${base}`)) };
  });
}
