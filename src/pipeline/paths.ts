import { fileURLToPath } from 'node:url';

declare const __GENERATOR_ROOT__: string | undefined;

/** The generator's own folder: set by the CLI bundle, or found from this module when run from source. */
export const generatorRoot =
  typeof __GENERATOR_ROOT__ === 'string' ? __GENERATOR_ROOT__ : fileURLToPath(new URL('../..', import.meta.url));
