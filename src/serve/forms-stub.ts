import type { FetchHandler } from './static-server.ts';

/** The form endpoints the templates post to. */
const FORMS = new Set(['/api/subscribe', '/api/contact']);

export const FORMS_STUB_MESSAGE =
  'Forms are not connected yet: nothing was stored. (This dev server answers with a stub until the forms function is built.)';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Stands in for the serverless forms function on the dev and preview servers, with the same
 * `(request) => Promise<Response>` shape, so mounting the real function later is a one-line change.
 * It says plainly that nothing was stored: JSON (status 501) for scripts, a small page with a link
 * back for forms posted without JavaScript.
 */
export const formsStub: FetchHandler = async (request) => {
  const { pathname } = new URL(request.url);
  if (!FORMS.has(pathname)) return json({ error: `No form is handled at ${pathname}.` }, 404);
  if (request.method !== 'POST') {
    return json({ error: `Use POST to send this form (not ${request.method}).` }, 405, { Allow: 'POST' });
  }
  const type = request.headers.get('content-type') ?? '';
  const isFormPost = type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
  if (!isFormPost) return json({ error: FORMS_STUB_MESSAGE }, 501);
  return new Response(stubPage(backLink(request)), { status: 501, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
};

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}

/** The page the form was sent from when it is on this site, else the home page. */
function backLink(request: Request): string {
  const referer = request.headers.get('referer');
  try {
    const from = new URL(referer ?? '', request.url);
    if (referer && from.origin === new URL(request.url).origin) return from.pathname + from.search;
  } catch { /* no usable referer */ }
  return '/';
}

function stubPage(back: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Form not sent</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f1f1f}a{color:#a3123a}</style>
</head>
<body>
<main>
<h1>Form not sent</h1>
<p role="status">${esc(FORMS_STUB_MESSAGE)}</p>
<p><a href="${esc(back)}">Go back to the page you came from</a></p>
</main>
</body>
</html>
`;
}
