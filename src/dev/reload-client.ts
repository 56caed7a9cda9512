import { formatLocation, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { escapeHtml } from '../escape.ts';

/**
 * Injected into every page the dev server sends, with the server's `generation` (how many updates
 * it has sent) at that moment. Listens to `/__dev/events`:
 * - `event: hello` with the current generation, on every (re)connection: if an update went out
 *   while this page was loading, before it was listening, reload now rather than miss it;
 * - a plain message (`data: reload`): reload the page;
 * - `event: css` with `{ from, to }` stylesheet addresses: swap the stylesheet in place;
 * - `event: problems` with the overlay document: show it in place of the page.
 */
export const reloadClient = (generation: number) =>
  `<script>(()=>{let g=${generation};const es=new EventSource('/__dev/events');` +
  `es.addEventListener('hello',(e)=>{if(Number(e.data)!==g)location.reload()});es.onmessage=()=>location.reload();` +
  `es.addEventListener('css',(e)=>{const c=JSON.parse(e.data);g=c.generation;` +
  `for(const l of document.querySelectorAll('link[rel="stylesheet"]')){const i=c.from.indexOf(l.getAttribute('href'));if(i>=0&&c.to[i])l.setAttribute('href',c.to[i])}});` +
  `es.addEventListener('problems',(e)=>{es.close();document.open();document.write(JSON.parse(e.data));document.close()})})()</script>`;


/** The page shown instead of the site while the last build failed. */
export function overlayHtml(problems: Diagnostic[], generation: number): string {
  const items = problems
    .map(
      (d) => `<li><p><strong>${escapeHtml(formatLocation(d) || 'Build')}</strong></p><p>${escapeHtml(d.message)}</p>` +
        (d.frame ? `<pre>${escapeHtml(d.frame)}</pre>` : '') +
        (d.hint ? `<p>Hint: ${escapeHtml(d.hint)}</p>` : '') + '</li>',
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build error</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1f1f1f}li{margin-bottom:1.5rem}pre{background:#fbeaea;padding:1rem;overflow:auto}h1{color:#a3123a}</style>
</head><body><main><h1>The site could not be built</h1><p>Fix the problem below and save; this page reloads by itself.</p><ol>${items}</ol></main>${reloadClient(generation)}</body></html>`;
}
