// The site-search index round trip: files written by the build's writer (openSearchIndex) and read
// back by the browser client (openSearchClient) through a fetch that serves them from memory.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchRecord } from '../../src/pipeline/search/extract.ts';
import { openSearchIndex, recordHash } from '../../src/pipeline/search/search-index.ts';
import type { PartMeta } from '../../src/pipeline/search/words.ts';
import { openSearchClient } from '../../src/search-client.ts';

const ORIGIN = 'https://example.test/';
const INDEX_URL = `${ORIGIN}search-index/`;

const page = (url: string, content: string, title = '', language = 'en'): SearchRecord => ({ url, content, language, meta: { title } });

/** The index files of `records`, by the URL they are served at. */
async function indexFiles(records: SearchRecord[], maxPagesPerIndex = 100): Promise<Map<string, Uint8Array>> {
  const index = openSearchIndex({ maxPagesPerIndex, expectedPages: records.length });
  for (const record of records) index.add({ hash: recordHash(record), record });
  const { files } = await index.files();
  return new Map(files.map((f) => [`${ORIGIN}${f.outFile}`, f.contents]));
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const jsonOf = <T>(files: Map<string, Uint8Array>, url: string): T => JSON.parse(text(files.get(url))) as T;

/** Serves `files` to the global fetch (404 for any other URL); returns the URLs fetched, in order. */
function serve(files: Map<string, Uint8Array>): string[] {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = String(input);
    fetched.push(url);
    const body = files.get(url);
    return body ? new Response(text(body), { headers: { 'content-type': 'application/json' } }) : new Response('not found', { status: 404 });
  });
  return fetched;
}

/** Indexes `records`, then runs one query through a fresh client. */
async function search(records: SearchRecord[], term: string, { limit = 10, maxPagesPerIndex = 100 } = {}) {
  const files = await indexFiles(records, maxPagesPerIndex);
  const fetched = serve(files);
  const result = await openSearchClient(INDEX_URL).search(term, limit);
  return { ...result, urls: result.shown.map((r) => r.url), files, fetched };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('search index, written by the build and read by the browser client', () => {
  it('stems English parts so "dates" finds "dating" and "date"; a part with another language keeps exact words', async () => {
    const english = [
      page('/dating', 'Dating after a breakup takes patience.'),
      page('/date', 'Pick a date that suits you both.'),
      page('/weather', 'Check the weather before a picnic.'),
    ];
    const found = await search(english, 'dates');
    expect(jsonOf<PartMeta>(found.files, `${INDEX_URL}meta.json`).stemmed).toBe(true);
    expect(found.total).toBe(2);
    expect(found.urls.sort()).toEqual(['/date', '/dating']);

    const mixed = [page('/dating', 'Dating ideas for a rainy weekend.'), page('/fr', 'Un premier rendez-vous au café.', '', 'fr')];
    const unstemmed = await search(mixed, 'dates');
    expect(jsonOf<PartMeta>(unstemmed.files, `${INDEX_URL}meta.json`).stemmed).toBe(false);
    expect(unstemmed.total).toBe(0);
    // A trailing space: no prefix match, so only the word as written ("ideas", not the stem "idea") can find it.
    expect((await search(mixed, 'ideas ')).urls).toEqual(['/dating']);
    expect((await search(mixed, 'premier')).urls).toEqual(['/fr']);
  });

  it('finds only the pages holding every word of the query, and counts them all', async () => {
    const records = [
      page('/first-date', 'Plan your first date somewhere quiet.'),
      page('/first-impressions', 'First impressions matter less than you think.'),
      page('/date-night', 'A date night at home can be fun.'),
      page('/first-dates', 'Our first dates were all at the same cafe.'),
    ];
    const both = await search(records, 'first date', { limit: 1 });
    expect(both.total).toBe(2);
    expect(both.shown).toHaveLength(1);
    expect((await search(records, 'first date')).urls.sort()).toEqual(['/first-date', '/first-dates']);
    expect((await search(records, 'first date cafe')).urls).toEqual(['/first-dates']);
    expect((await search(records, 'first')).total).toBe(3);
  });

  it('matches the last word as the start of a word while it is typed, not after a space', async () => {
    const records = [page('/relationship', 'Every relationship needs honest talk.'), page('/relate', 'Friends who relate to your worries help.'), page('/weather', 'Rain again.')];
    expect((await search(records, 'relat')).urls.sort()).toEqual(['/relate', '/relationship']);
    expect((await search(records, 'relat ')).urls).toEqual(['/relate']);
  });

  it('ranks a page titled with the word above pages whose text mentions it, and more mentions above fewer', async () => {
    const records = [
      page('/once', 'Texting is fine.', 'Notes'),
      page('/thrice', 'Texting often, texting late, texting too much.', 'Habits'),
      page('/guide', 'Keep messages short and kind.', 'Texting rules'),
    ];
    expect((await search(records, 'texting')).urls).toEqual(['/guide', '/thrice', '/once']);
  });

  it('weighs a rare word of the query above a common one', async () => {
    const records = [
      page('/x', 'Date after date after date, then the museum.'),
      page('/y', 'A museum date: museum cafes, museum gardens.'),
      page('/z', 'A date by the river.'),
      page('/w', 'Another date idea.'),
    ];
    // "museum" is on two pages of four, "date" on all four: /y's three museums outweigh /x's three dates.
    expect((await search(records, 'date museum')).urls).toEqual(['/y', '/x']);
    // A term two words of the query share ("date", "dates") is as rare as it is, not counted twice.
    expect((await search(records, 'museums date dates')).urls).toEqual(['/y', '/x']);
  });

  it('splits the index into parts, lists them in parts.json, and ranks over all parts as one index would', async () => {
    const records = [
      page('/a', 'Date ideas: a date at the museum.'),
      page('/b', 'A second date, then a third date.'),
      page('/c', 'Texting before a date.'),
      page('/d', 'Meeting friends of your partner.'),
      page('/e', 'Ask for a date kindly.'),
    ];
    const split = await search(records, 'date', { maxPagesPerIndex: 2 });
    expect(jsonOf(split.files, `${INDEX_URL}parts.json`)).toEqual(['part-2/', 'part-3/']);
    expect([2, 2, 1]).toEqual(['', 'part-2/', 'part-3/'].map((dir) => jsonOf<PartMeta>(split.files, `${INDEX_URL}${dir}meta.json`).pages));
    // Inverse document frequency over the five pages: with each part's own, /c (the one "date" of its part) would come first.
    expect(split.urls).toEqual(['/a', '/b', '/c', '/e']);
    expect(split.total).toBe(4);
    const whole = await search(records, 'date', { maxPagesPerIndex: 100 });
    expect(jsonOf(whole.files, `${INDEX_URL}parts.json`)).toEqual([]);
    expect(split.shown).toEqual(whole.shown);
    expect(split.total).toBe(whole.total);
  });

  it('excerpts the words around the matches, each matched word flagged without its punctuation', async () => {
    const short = await search([page('/chances', 'Your chances, honestly, are better than you think.')], 'chances');
    expect(short.shown[0]!.excerpt).toEqual([
      ['Your ', false],
      ['chances', true],
      [', honestly, are better than you think.', false],
    ]);

    const filler = ['we', 'talked', 'for', 'hours', 'about', 'music', 'and', 'travel'];
    const words = Array.from({ length: 200 }, (_, i) => (i === 100 ? 'chemistry.' : filler[i % filler.length]!));
    const content = words.join(' ');
    const long = await search([page('/long', content), page('/titled', 'Sparks are not everything on a first meeting.', 'Chemistry')], 'chemistry');
    const excerpt = (url: string) => long.shown.find((r) => r.url === url)!.excerpt;
    const joined = excerpt('/long')
      .map(([t]) => t)
      .join('');
    expect(joined.split(' ')).toHaveLength(22);
    expect(content).toContain(joined);
    expect(excerpt('/long').filter(([, matched]) => matched)).toEqual([['chemistry', true]]);
    // Matched through its title only: the excerpt is the start of the text, nothing flagged.
    expect(excerpt('/titled')).toEqual([['Sparks are not everything on a first meeting.', false]]);
  });

  it('puts the matched words near the middle of the excerpt, not at its end', async () => {
    const words = Array.from({ length: 61 }, (_, i) => (i === 30 ? 'chemistry' : `word${i}`));
    const [result] = (await search([page('/middle', words.join(' '))], 'chemistry')).shown;
    const text = result!.excerpt.map(([t]) => t).join('');
    expect(text).toBe(words.slice(19, 41).join(' '));
  });

  it('starts an excerpt with a sentence where one begins in its first words, before the first match', async () => {
    const before = 'we met at a friends party last spring and it ended.'.split(' ');
    const after = 'This guide takes a different path, because the aim is not to win someone back but to give a'.split(' ');
    const content = [...before, ...after, 'second', 'chance.'].join(' ');
    const [result] = (await search([page('/story', content)], 'second chance')).shown;
    const joined = result!.excerpt.map(([t]) => t).join('');
    expect(joined.startsWith('This guide takes a different path,'), joined).toBe(true);
    expect(result!.excerpt.filter(([, matched]) => matched)).toEqual([
      ['second', true],
      ['chance', true],
    ]);
  });

  it('fetches parts.json, each meta.json, only the word files the query needs and only the shown pages', async () => {
    const records = [
      page('/a', 'Plan a first date somewhere quiet.'),
      page('/b', 'A date at home.'),
      page('/c', 'Texting before meeting up.'),
      page('/d', 'Meeting friends of your partner.'),
      page('/e', 'Our first dates were fun.'),
    ];
    const found = await search(records, 'first date', { limit: 1, maxPagesPerIndex: 2 });
    expect(found.total).toBe(2);
    expect(found.urls).toEqual(['/a']);
    const part2 = jsonOf<PartMeta>(found.files, `${INDEX_URL}part-2/meta.json`);
    expect(part2.shards).not.toContain('fi');
    expect(part2.shards).not.toContain('da');
    expect(found.fetched.sort()).toEqual(
      ['parts.json', 'meta.json', 'part-2/meta.json', 'part-3/meta.json', 'words/fi.json', 'words/da.json', 'part-3/words/fi.json', 'part-3/words/da.json', 'pages/0.json']
        .map((path) => `${INDEX_URL}${path}`)
        .sort(),
    );
    expect(found.fetched.every((url) => found.files.has(url))).toBe(true);
  });

  it('writes the same bytes for the same records, and folds case and accents', async () => {
    const records = [page('/cafe', 'Meet at a quiet Café downtown.', 'Coffee dates'), page('/walk', 'A walk in the park is free.'), page('/museum', 'Museums are calm.')];
    const first = await indexFiles(records, 2);
    const again = await indexFiles(records, 2);
    expect([...again.keys()]).toEqual([...first.keys()]);
    for (const [url, bytes] of first) expect(Buffer.from(again.get(url)!).equals(Buffer.from(bytes))).toBe(true);

    const found = await search(records, 'cafe');
    expect(found.urls).toEqual(['/cafe']);
    expect(found.shown[0]!.excerpt).toContainEqual(['Café', true]);
    expect((await search(records, 'CAFÉ')).urls).toEqual(['/cafe']);
  });
});
