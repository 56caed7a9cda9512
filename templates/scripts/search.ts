// Site search in the browser, over the index the build writes to /search-index/ (docs/search.md),
// queried with the generator's client (src/search-client.ts). Two places use it: the header box
// (this module is imported on its first focus, see components/header.tsx) shows a few results
// under the box as the visitor types; the /search page (templates/pages/search.tsx) loads it as a
// page script and lists every result for ?q=. The index's files are fetched only from then on.
import { openSearchClient, type ExcerptPiece, type SearchResult } from '../../src/search-client.ts';

/**
 * A site path under the base path the page was built for (`<html data-base>`, as
 * lib/site-address.ts does): written out here, since a module this script shares with the islands
 * would be a chunk of its own, one more request before the first search.
 */
const siteAddress = (path: string) => `${document.documentElement.dataset.base ?? '/'}${path.slice(1)}`;

const client = openSearchClient(new URL(siteAddress('/search-index/'), location.href).href);

/** How long typing must pause before a search runs. */
const DEBOUNCE_MS = 150;
let latest = 0;

/** The results for `term` (at most `limit`), or `null` when a newer search replaced this one. */
async function search(term: string, limit: number): Promise<{ total: number; shown: SearchResult[] } | null> {
  const mine = ++latest;
  await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS));
  if (mine !== latest) return null;
  const found = await client.search(term, limit);
  return mine === latest ? found : null;
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** One result: its title as a link, its kind and date, and an excerpt with the matched words marked. */
function resultItem(result: SearchResult): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'search-result';
  const link = document.createElement('a');
  link.href = siteAddress(result.url);
  link.textContent = result.meta.title ?? result.url;
  const heading = document.createElement('p');
  heading.className = 'search-result-title';
  heading.append(link);
  li.append(heading);
  const about = resultAbout(result.meta);
  if (about) li.append(about);
  const nodes = withoutTitle(markedText(result.excerpt), result.meta.title);
  if (nodes.length) {
    const excerpt = document.createElement('p');
    excerpt.className = 'search-result-excerpt';
    excerpt.append(...nodes);
    li.append(excerpt);
  }
  return li;
}

/** "Article · May 22, 2025": what the result is and its date, either when the other is missing. */
function resultAbout(meta: SearchResult['meta']): HTMLParagraphElement | undefined {
  const date = meta.date && /^\d{4}-\d{2}-\d{2}$/.test(meta.date) ? meta.date : undefined;
  if (!meta.kind && !date) return undefined;
  const p = document.createElement('p');
  p.className = 'search-result-kind';
  if (meta.kind) p.append(meta.kind);
  if (meta.kind && date) p.append(' · ');
  if (date) {
    const time = document.createElement('time');
    time.dateTime = date;
    time.textContent = longDate.format(new Date(`${date}T00:00:00Z`));
    p.append(time);
  }
  return p;
}

/** The excerpt as text nodes, the matched words in `<mark>`s. */
function markedText(pieces: ExcerptPiece[]): Node[] {
  return pieces.map(([text, matched]) => {
    if (!matched) return document.createTextNode(text);
    const mark = document.createElement('mark');
    mark.textContent = text;
    return mark;
  });
}

/**
 * The excerpt without the page's topic and title where it starts with them: a match in the
 * title gives an excerpt from the top of the page, which would repeat the result's own link text
 * (and the topic above it). The title is looked for near the start only, so a later mention stays.
 */
function withoutTitle(nodes: Node[], title: string | undefined): Node[] {
  if (!title) return nodes;
  const text = nodes.map((n) => n.textContent ?? '').join('').toLowerCase();
  const at = text.indexOf(title.toLowerCase());
  if (at < 0 || at > 60) return nodes;
  let cut = at + title.length;
  const kept: Node[] = [];
  for (const node of nodes) {
    const value = node.textContent ?? '';
    if (cut >= value.length) {
      cut -= value.length;
      continue;
    }
    // Spaces are trimmed off the start of what is kept only, not off each piece after it.
    const rest = kept.length ? value.slice(cut) : value.slice(cut).replace(/^\s+/, '');
    cut = 0;
    if (!rest) continue;
    const copy = node.cloneNode() as Node;
    copy.textContent = rest;
    kept.push(copy);
  }
  return kept;
}

const plural = (n: number) => (n === 1 ? '1 result' : `${n} results`);
const FAILED = 'Search could not load just now. Please try again, or browse the articles and guides.';

// ── The header box ────────────────────────────────────────────────────────────────────────────

const HEADER_LIMIT = 5;

function startHeaderBox(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const panel = form.querySelector<HTMLElement>('[data-search-panel]')!;
  panel.innerHTML = `<p class="search-status" role="status"></p><ul class="search-results"></ul><p class="search-all" hidden><a href="${siteAddress('/search')}">See all results</a></p>`;
  const status = panel.querySelector<HTMLElement>('.search-status')!;
  const list = panel.querySelector<HTMLElement>('.search-results')!;
  const all = panel.querySelector<HTMLElement>('.search-all')!;
  input.setAttribute('aria-describedby', status.id = 'site-search-status');
  const close = () => {
    panel.hidden = true;
  };
  // The term the listed results are for: typing that changes only spaces finds the same results.
  let shownTerm = '';
  const update = async () => {
    const term = input.value.trim();
    if (!term) return close();
    panel.hidden = false;
    if (term === shownTerm && list.childElementCount) return;
    if (!list.childElementCount) status.textContent = 'Searching…';
    try {
      const found = await search(term, HEADER_LIMIT);
      if (!found || term !== input.value.trim()) return;
      // A reader who has arrowed into the results keeps their place when the list is redrawn.
      const focused = list.contains(document.activeElement) ? document.activeElement?.getAttribute('href') : undefined;
      list.replaceChildren(...found.shown.map(resultItem));
      shownTerm = term;
      if (focused) (list.querySelector<HTMLElement>(`a[href="${CSS.escape(focused)}"]`) ?? input).focus();
      status.textContent = found.total ? `${plural(found.total)} for “${term}”` : `No results for “${term}”. Try another word, or a shorter one.`;
      all.hidden = found.total <= HEADER_LIMIT;
      all.querySelector('a')!.href = siteAddress(`/search?q=${encodeURIComponent(term)}`);
    } catch {
      status.textContent = FAILED;
    }
  };
  input.addEventListener('input', update);
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      // This Escape closes the results only: the box stays open where it is a popover (phones).
      event.preventDefault();
      close();
      input.focus();
    } else if (event.key === 'ArrowDown' && event.target === input && !panel.hidden) {
      event.preventDefault();
      panel.querySelector<HTMLElement>('a')?.focus();
    }
  });
  // Focus or a click leaving the box puts the results away.
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
  document.addEventListener('pointerdown', (event) => {
    if (!form.contains(event.target as Node)) close();
  });
  void client.preload().catch(() => {});
  if (input.value.trim()) void update();
}

// ── The /search page ──────────────────────────────────────────────────────────────────────────

const PAGE_STEP = 20;

function startSearchPage(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const status = document.querySelector<HTMLElement>('[data-search-status]')!;
  const list = document.querySelector<HTMLElement>('[data-search-results]')!;
  const more = document.querySelector<HTMLButtonElement>('[data-search-more]')!;
  let limit = PAGE_STEP;
  // The listings under the results show once the first search has answered (site.css), so
  // results arriving never push them down the screen.
  const settle = () => form.closest('.search-page')?.setAttribute('data-searched', '');
  const run = async () => {
    const term = input.value.trim();
    history.replaceState(null, '', siteAddress(term ? `/search?q=${encodeURIComponent(term)}` : '/search'));
    if (!term) {
      list.replaceChildren();
      more.hidden = true;
      status.textContent = 'Type a word or two above to search the articles, guides, reviews and gift guides.';
      settle();
      return;
    }
    status.textContent = 'Searching…';
    try {
      const found = await search(term, limit);
      if (!found || term !== input.value.trim()) return;
      list.replaceChildren(...found.shown.map(resultItem));
      more.hidden = found.total <= found.shown.length;
      status.textContent = found.total
        ? `${plural(found.total)} for “${term}”`
        : `No results for “${term}”. Try another word, or a shorter one, or browse the lists below.`;
    } catch {
      status.textContent = FAILED;
    }
    settle();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    limit = PAGE_STEP;
    void run();
  });
  input.addEventListener('input', () => {
    limit = PAGE_STEP;
    void run();
  });
  more.addEventListener('click', () => {
    const first = list.childElementCount;
    limit += PAGE_STEP;
    void run().then(() => list.children[first]?.querySelector('a')?.focus());
  });
  input.value = new URLSearchParams(location.search).get('q') ?? '';
  void run();
}

const headerBox = document.querySelector<HTMLFormElement>('form[data-site-search]');
if (headerBox) startHeaderBox(headerBox);
const pageForm = document.querySelector<HTMLFormElement>('form[data-search-page]');
if (pageForm) startSearchPage(pageForm);
