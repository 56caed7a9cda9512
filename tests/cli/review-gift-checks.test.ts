// The site's own checks on reviews and gift guides (issue 30), through the real `check` command on
// a copy of the project: a review's better choices must be pages of the site that we would
// recommend, and a gift guide's countdown must be for the guide's own occasion (the Mother's Day
// guide once opened with a Christmas countdown copied from another guide). Each mistake is one
// error at its file and line.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyProject } from '../helpers/fixtures.ts';

let root: string;
const MOM = 'content/gifts/gift-for-daughter-from-mom.md';
const SCRAMBLER = 'content/reviews/affiliate-unlock-the-scrambler-review.md';
let original: Record<string, string>;

const edit = (file: string, change: (text: string) => string) => writeFileSync(join(root, file), change(original[file]));
const restore = () => {
  for (const [file, text] of Object.entries(original)) writeFileSync(join(root, file), text);
};
const check = () => runCli(['check', '--root', root]);
/** The first line of each problem printed. */
const headlines = (stderr: string) => stderr.split('\n').filter((l) => /^content\/\S+: /.test(l));
/** The 1-based line of the first line of `file` that starts with `start`. */
const lineOf = (file: string, start: string) => original[file].split('\n').findIndex((l) => l.startsWith(start)) + 1;

beforeAll(() => {
  root = copyProject('heartnotes-review-gift-checks-', '{ cards: undefined, search: undefined }');
  original = Object.fromEntries([MOM, SCRAMBLER].map((f) => [f, readFileSync(join(root, f), 'utf8')]));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('gift guide countdowns', () => {
  it('the shipped content passes', () => {
    const r = check();
    expect(r.status, r.stderr).toBe(0);
  });

  it('a deadline copied from a Christmas guide into the Mother’s Day guide is an error at its occasion line', () => {
    edit(MOM, (t) => t.replace('  occasion: Mother’s Day', '  occasion: Christmas'));
    try {
      const r = check();
      expect(r.status).toBe(1);
      const line = lineOf(MOM, '  occasion:');
      expect(headlines(r.stderr)).toEqual([expect.stringMatching(new RegExp(`^${MOM}:${line}:\\d+: .*the countdown is for Christmas, but this guide's occasion is Mother’s Day`))]);
      expect(r.stderr).toMatch(/hint: set a deadline for Mother’s Day/);
    } finally {
      restore();
    }
  });

  it('a label that does not name the occasion is an error at the label', () => {
    edit(MOM, (t) => t.replace(/ {2}label: ".*"/, '  label: "Order by December 14 for delivery before Christmas"'));
    try {
      const r = check();
      expect(r.status).toBe(1);
      expect(headlines(r.stderr)).toEqual([expect.stringMatching(new RegExp(`^${MOM}:${lineOf(MOM, '  label:')}:\\d+: .*does not name its occasion, Mother’s Day`))]);
    } finally {
      restore();
    }
  });
});

describe('a review’s better choices', () => {
  it('an address that is no page, and a review we rate under 3/5, are each an error at their line', () => {
    edit(SCRAMBLER, (t) => t.replace('  - /chat-mistakes\n', '  - /no-such-guide\n').replace('  - /nice-guy-trap\n', '  - /affiliate/affiliate-mitolyn-review\n'));
    try {
      const r = check();
      expect(r.status).toBe(1);
      expect(headlines(r.stderr)).toEqual([
        expect.stringMatching(new RegExp(`^${SCRAMBLER}:${lineOf(SCRAMBLER, '  - /chat-mistakes')}:\\d+: .*/no-such-guide is no article, guide, gift guide or review of this site`)),
        expect.stringMatching(new RegExp(`^${SCRAMBLER}:${lineOf(SCRAMBLER, '  - /nice-guy-trap')}:\\d+: .*/affiliate/affiliate-mitolyn-review is a review we rate 2.2/5, so it is no better choice`)),
      ]);
    } finally {
      restore();
    }
  });
});
