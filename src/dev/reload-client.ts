import { formatLocation, type Diagnostic } from '../diagnostics/diagnostic.ts';

/** Injected into every page the dev server sends: reloads when a rebuild finishes. */
export const reloadClient = `<script>new EventSource('/__dev/events').onmessage=()=>location.reload()</script>`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page shown instead of the site while the last build failed. */
export function overlayHtml(problems: Diagnostic[]): string {
  const items = problems
    .map(
      (d) => `<li><p><strong>${esc(formatLocation(d) || 'Build')}</strong></p><p>${esc(d.message)}</p>` +
        (d.frame ? `<pre>${esc(d.frame)}</pre>` : '') +
        (d.hint ? `<p>Hint: ${esc(d.hint)}</p>` : '') + '</li>',
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build error</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1f1f1f}li{margin-bottom:1.5rem}pre{background:#fbeaea;padding:1rem;overflow:auto}h1{color:#a3123a}</style>
</head><body><h1>The site could not be built</h1><p>Fix the problem below and save; this page reloads by itself.</p><ol>${items}</ol>${reloadClient}</body></html>`;
}
