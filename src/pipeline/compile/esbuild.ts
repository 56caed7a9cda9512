import type * as Esbuild from 'esbuild';
import { requirePackage } from '../common-js.ts';

/** esbuild's API (its types are imported as `esbuild` where they are used). */
export const esbuildApi = requirePackage<typeof Esbuild>('esbuild');
