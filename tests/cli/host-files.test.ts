// What `build --host` leaves in the project folder and the output for each host, built with the
// CLI over the example site (tests/fixtures/basic) given one server function: Cloudflare's
// wrangler.toml, Netlify's functions, and for a plain CDN no rules files at all. A build for
// another host, or without functions, removes what an earlier build wrote, never a user's file.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/cli.ts';
import { copyFixture, type FixtureCopy } from '../helpers/fixtures.ts';

const FUNCTION = "export default async (request: Request) => new Response('hello from ' + new URL(request.url).pathname);\n";
const withFunctions = "import site from '../_shared/site.ts';\nexport default { ...site, deploy: { functions: { '/api/': 'hello.ts' } } };\n";
const withoutFunctions = "export { default } from '../_shared/site.ts';\n";

let fx: FixtureCopy;
const exists = (file: string) => existsSync(join(fx.root, file));

function build(host: string): { status: number | null; stderr: string } {
  const r = runCli(['build', '--root', fx.root, '--host', host, '--quiet']);
  expect(r.status, r.stderr).toBe(0);
  return r;
}

beforeAll(() => {
  fx = copyFixture('basic', 'heartnotes-host-files-');
  fx.write('hello.ts', FUNCTION);
  fx.write('site.config.ts', withFunctions);
  // A function of the user's own in the same folder: no build may remove it.
  mkdirSync(join(fx.root, '.netlify/v1/functions'), { recursive: true });
  fx.write('.netlify/v1/functions/mine.mjs', 'export default () => new Response("mine");\n');
});
afterAll(() => fx?.cleanup());

describe('build --host', () => {
  it('cloudflare writes wrangler.toml with the output folder, a compatibility date and nodejs_compat', () => {
    build('cloudflare');
    const toml = fx.read('wrangler.toml');
    expect(toml).toMatch(/^# Written by heartnotes build --host cloudflare/);
    expect(toml).toContain('\npages_build_output_dir = "dist"\n');
    expect(toml).toMatch(/\ncompatibility_date = "\d{4}-\d{2}-\d{2}"\n/);
    expect(toml).toContain('\ncompatibility_flags = ["nodejs_compat"]\n');
    expect(toml).toMatch(/\nname = "[a-z0-9-]+"\n/);
    expect(exists('dist/_worker.js')).toBe(true);
  });

  it('netlify then removes wrangler.toml and _worker.js, and writes its function', () => {
    build('netlify');
    expect(exists('wrangler.toml')).toBe(false);
    expect(exists('dist/_worker.js')).toBe(false);
    expect(exists('dist/_routes.json')).toBe(false);
    expect(fx.read('.netlify/v1/functions/api.mjs')).toMatch(/^\/\/ Written by heartnotes build --host netlify from hello\.ts/);
    expect(exists('.netlify/v1/functions/mine.mjs')).toBe(true);
  });

  it('without deploy.functions, removes the function it wrote before and keeps the user\'s', () => {
    fx.write('site.config.ts', withoutFunctions);
    build('netlify');
    expect(exists('.netlify/v1/functions/api.mjs')).toBe(false);
    expect(fx.read('.netlify/v1/functions/mine.mjs')).toContain('mine');
    fx.write('site.config.ts', withFunctions);
  });

  it('static writes no _redirects or _headers; old addresses keep working through their HTML pages; wrangler.toml goes', async () => {
    build('cloudflare');
    expect(exists('wrangler.toml')).toBe(true);
    build('static');
    expect(exists('wrangler.toml')).toBe(false);
    expect(exists('.netlify/v1/functions/api.mjs')).toBe(false);
    expect(exists('dist/_redirects')).toBe(false);
    expect(exists('dist/_headers')).toBe(false);
    const preview = await startCli(['preview', '--root', fx.root, '--port', '0', '--quiet']);
    try {
      const old = await fetch(`${preview.url}/about-us`, { redirect: 'manual' });
      expect(old.status).toBe(200);
      expect(await old.text()).toContain('<meta http-equiv="refresh" content="0; url=/about">');
      expect((await fetch(`${preview.url}/about`)).status).toBe(200);
      // A plain CDN serves what is in the folder: the rules files would be pages of the site.
      for (const path of ['/_redirects', '/_headers']) expect((await fetch(`${preview.url}${path}`)).status, path).toBe(404);
      const svg = await fetch(`${preview.url}/favicon.svg`);
      expect(svg.headers.get('content-type')).toBe('image/svg+xml');
      expect(svg.headers.get('content-security-policy')).toBe("script-src 'none'");
    } finally {
      await preview.stop();
    }
  });

  it('cloudflare leaves a wrangler.toml of the user\'s own as it is, and names the line it lacks', () => {
    const own = 'name = "mine"\npages_build_output_dir = "dist"\ncompatibility_date = "2025-01-01"\n';
    fx.write('wrangler.toml', own);
    const r = build('cloudflare');
    expect(fx.read('wrangler.toml')).toBe(own);
    expect(r.stderr).toContain('wrangler.toml is your own, so the build leaves it as it is');
    expect(r.stderr).toContain('add the line compatibility_flags = ["nodejs_compat"] to it');
    fx.write('wrangler.toml', `${own}compatibility_flags = ["nodejs_compat"]\n`);
    expect(build('cloudflare').stderr).toBe('');
    // A build for another host leaves the user's file too.
    build('netlify');
    expect(fx.read('wrangler.toml')).toContain('name = "mine"');
  });

  it('cloudflare writes no wrangler.toml beside a wrangler.json of the user\'s, and names the JSON line it lacks', () => {
    rmSync(join(fx.root, 'wrangler.toml'));
    fx.write('wrangler.json', '{ "name": "mine", "pages_build_output_dir": "dist" }\n');
    const r = build('cloudflare');
    expect(exists('wrangler.toml')).toBe(false);
    expect(r.stderr).toContain('wrangler.json is your own');
    expect(r.stderr).toContain('add the line "compatibility_flags": ["nodejs_compat"] to it');
    rmSync(join(fx.root, 'wrangler.json'));
  });
});
