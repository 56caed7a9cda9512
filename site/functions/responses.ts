// How the forms function answers: JSON for scripts, redirects and small HTML pages for forms posted
// without JavaScript.
// The escaper's own import-free module: the public entry (src/index.ts) would bring React and zod
// into every bundle of this function.
import { escapeHtml } from '../../src/escape.ts';

const BASE_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...BASE_HEADERS, ...headers },
  });
}

export function redirectResponse(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, ...BASE_HEADERS } });
}

const TITLES: Record<number, string> = {
  400: 'Please check the form',
  404: 'Nothing here',
  405: 'Form not sent',
  413: 'Form too large',
  415: 'Form not sent',
  429: 'Too many tries',
  503: 'Form not saved',
};

/** Anything the client did wrong, or a store that cannot answer: sent with its status, never stored. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A small, valid, accessible page: `title` as its heading, then `body` (HTML, escaped by the
 * caller). No referrer leaves it: its address may hold an unsubscribe token.
 */
export function htmlPage(status: number, title: string, body: string, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}${status >= 400 ? ` (${status})` : ''}</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f1f1f;background:#fff}a{color:#a3123a}button{font:inherit;font-weight:600;color:#fff;background:#a3123a;border:0;border-radius:999px;padding:.7rem 1.4rem;min-height:44px;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #4a1f33;outline-offset:2px}@media (prefers-color-scheme:dark){body{color:#f2e8ec;background:#181114}a{color:#ff8fab}button{background:#a3123a}button:focus-visible,a:focus-visible{outline-color:#f5c4d3}}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Referrer-Policy': 'no-referrer', ...BASE_HEADERS, ...headers },
  });
}

/** A page saying what went wrong, the status code, and a link back (to the form, by default). */
export function errorPage(status: number, message: string, back: string, headers: Record<string, string> = {}, backLabel = 'Go back to the form'): Response {
  const title = TITLES[status] ?? 'Form not sent';
  const body = `<p role="alert">${escapeHtml(message)}</p>
<p>Error ${status}.</p>
<p><a href="${escapeHtml(back)}">${escapeHtml(backLabel)}</a></p>`;
  return htmlPage(status, title, body, headers);
}
