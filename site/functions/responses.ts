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


/** A small, valid, accessible page: what went wrong, the status code, and a link back. */
export function errorPage(status: number, message: string, back: string, headers: Record<string, string> = {}): Response {
  const title = TITLES[status] ?? 'Form not sent';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} (${status})</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f1f1f}a{color:#a3123a}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>Error ${status}.</p>
<p><a href="${escapeHtml(back)}">Go back to the form</a></p>
</main>
</body>
</html>
`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...BASE_HEADERS, ...headers } });
}
