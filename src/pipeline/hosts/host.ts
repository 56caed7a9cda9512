import type { HostName, SiteConfig } from '../types.ts';

/** Every host `build --host` and `preview --host` know, in the order help lists them. */
export const HOST_NAMES: readonly HostName[] = ['netlify', 'cloudflare', 'static'];

export const isHostName = (name: string): name is HostName => (HOST_NAMES as readonly string[]).includes(name);

/** The host a build writes for when none is named: the config's, else a plain CDN. */
export const hostOf = (config: SiteConfig): HostName => config.deploy?.host ?? 'static';
