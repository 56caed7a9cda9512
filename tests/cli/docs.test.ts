// The documentation stays true to itself and to the CLI: every relative link in README.md and
// docs/*.md reaches an existing file and heading, every citation of a docs page in the code names
// one of its headings, every long page has a table of contents, and every command and flag the
// CLI's --help prints is in docs/commands.md (the help is read from the real CLI, run as a process).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixtures.ts';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const pages = ['README.md', ...readdirSync(join(repoRoot, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Markdown without fenced code blocks and inline code, where `[x](y)` and `# x` are not links or headings. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** GitHub's anchor for a heading (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function githubSlug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, with GitHub's -1, -2… for repeated ones. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const withoutFences = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  for (const [, text] of withoutFences.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const slug = githubSlug(text.replace(/`/g, ''));
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Headings' texts, without code marks (for citations such as `docs/forms.md, "Mail"`). */
const headingsOf = (markdown: string) => new Set([...markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1].replace(/`/g, '')));

/** Every `[text](target)` of a page whose target is inside the repository (no scheme, not root-absolute). */
function relativeLinks(page: string): string[] {
  return [...prose(read(page)).matchAll(/\]\(([^()\s]+)(?: "[^"]*")?\)/g)].map((m) => m[1]).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('/'));
}

describe('documentation', () => {
  it('the slug function gives GitHub\'s anchors', () => {
    expect(githubSlug("This site's landing pages")).toBe('this-sites-landing-pages');
    expect(githubSlug('Bad --out values and the message each gets')).toBe('bad---out-values-and-the-message-each-gets');
    expect(githubSlug('Images, PDFs & fonts: what (and why)')).toBe('images-pdfs--fonts-what-and-why');
    expect([...anchorsOf('# A\n\n```\n# not a heading\n```\n## B `c`\n## B c\n')]).toEqual(['a', 'b-c', 'b-c-1']);
  });

  it('every relative link in README.md and docs/*.md reaches an existing file and heading', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const target of relativeLinks(page)) {
        checked++;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
        if (file.startsWith('..') || !existsSync(join(repoRoot, file))) broken.push(`${page}: ${target} (no file ${file})`);
        else if (anchor !== undefined && !anchorsOf(read(file)).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
      }
    }
    expect(checked).toBeGreaterThan(80);
    expect(broken).toEqual([]);
  });

  it('the README links every page in docs/', () => {
    const linked = new Set(relativeLinks('README.md').map((t) => t.split('#')[0]));
    expect(pages.filter((p) => p.startsWith('docs/') && !linked.has(p))).toEqual([]);
  });

  it('every page over 150 lines starts with a table of contents linking each of its sections', () => {
    const missing: string[] = [];
    for (const page of pages) {
      const text = read(page);
      if (text.split('\n').length <= 150) continue;
      const sections = [...text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').matchAll(/^## +(.+?) *$/gm)].map((m) => githubSlug(m[1].replace(/`/g, '')));
      const firstSection = text.search(/^## /m);
      const toc = new Set(relativeLinks(page).filter((t) => t.startsWith('#') && text.indexOf(`](${t})`) < firstSection).map((t) => t.slice(1)));
      for (const section of sections) if (!toc.has(section)) missing.push(`${page}: #${section}`);
    }
    expect(missing).toEqual([]);
  });

  it('code, tests and docs cite docs pages by an existing file and heading, and no longer cite README sections', () => {
    const offenders: string[] = [];
    const files = (dir: string): string[] =>
      readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((d) => {
        const path = join(dir, d.name);
        if (d.isDirectory()) return d.name.startsWith('.') || d.name === 'node_modules' || d.name === 'fixtures' ? [] : files(path);
        return /\.(?:tsx?|mjs|js|css|md)$/.test(d.name) ? [path] : [];
      });
    // Built from parts, so that this file does not cite what it looks for.
    const readmeCitation = new RegExp(['README,?', ' "'].join(''));
    const sources = ['src', 'templates', 'site', 'bin', 'tests', 'tools', 'bench', 'docs'].flatMap(files).concat(['site.config.ts', 'README.md', '.ci/run', '.gitignore']);
    for (const file of sources) {
      const text = read(file);
      if (readmeCitation.test(text)) offenders.push(`${file}: cites a README section; the reference is in docs/ now`);
      for (const m of text.matchAll(/docs\/([\w-]+\.md)(?:(?:,\s*|\s*\()((?:"[^"]+"(?:,\s*and\s+|,\s*|\s+to\s+)?)+))?/g)) {
        const doc = `docs/${m[1]}`;
        if (!existsSync(join(repoRoot, doc))) {
          offenders.push(`${file}: ${doc} does not exist`);
          continue;
        }
        const headings = headingsOf(read(doc));
        for (const [, heading] of (m[2] ?? '').matchAll(/"([^"]+)"/g)) if (!headings.has(heading.replace(/`/g, ''))) offenders.push(`${file}: ${doc} has no heading "${heading}"`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('docs/commands.md names every command and flag the CLI\'s --help prints', async () => {
    const commandsDoc = read('docs/commands.md');
    /** `heartnotes …args --help`, run as a process; the site's own commands compile the site first, so these run side by side. */
    const help = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        execFile(process.execPath, ['bin/heartnotes.mjs', ...args, '--help'], { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 }, (error, stdout, stderr) =>
          error || stderr ? reject(new Error(`heartnotes ${args.join(' ')} --help: ${error?.message ?? ''}${stderr}`)) : resolve(stdout),
        );
      });
    /** The names in a help text's "Commands:" list, without `help`. */
    const subcommands = (text: string) => [...(text.split(/^Commands:$/m)[1] ?? '').matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]).filter((c) => c !== 'help');
    const top = await help([]);
    // The site's own commands (site.config.ts) are not in the generator's list; the docs name them.
    const commands = [...subcommands(top), 'subscribers', 'messages'];
    const helps = await Promise.all(commands.map(async (command) => ({ args: [command], text: await help([command]) })));
    const childHelps = await Promise.all(helps.flatMap(({ args, text }) => subcommands(text).map(async (child) => ({ args: [...args, child], text: await help([...args, child]) }))));
    const undocumented: string[] = [];
    let flags = 0;
    for (const { args, text } of [{ args: [] as string[], text: top }, ...helps, ...childHelps]) {
      const name = args.join(' ');
      if (name && !commandsDoc.includes(`\`${name}`)) undocumented.push(`command ${name}`);
      const options = (text.split(/^Options:$/m)[1] ?? '').split(/^Commands:$/m)[0];
      for (const [flag] of options.matchAll(/--[a-z][\w-]*/g)) {
        flags++;
        if (![`\`${flag}`, `, ${flag}`].some((written) => commandsDoc.includes(written))) undocumented.push(`${name || 'heartnotes'} ${flag}`);
      }
    }
    expect(commands).toEqual(expect.arrayContaining(['build', 'check', 'preview', 'dev', 'new']));
    expect(childHelps.map((h) => h.args.join(' '))).toEqual(expect.arrayContaining(['subscribers list', 'subscribers export', 'subscribers delete', 'messages list']));
    expect(flags).toBeGreaterThan(30);
    expect(undocumented).toEqual([]);
  }, 300_000);
});
