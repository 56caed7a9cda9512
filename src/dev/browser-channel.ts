import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { overlayHtml, reloadClient } from './reload-client.ts';
import type { RebuildReport } from './session.ts';

/**
 * What the dev server tells open pages, over server-sent events at `/__dev/events`: reload, swap
 * the stylesheet, or show the problems of a broken edit until it is fixed (then reload).
 */
export function openBrowserChannel() {
  const clients = new Set<ServerResponse>();
  let problems: Diagnostic[] = [];
  /** Updates sent so far; pages carry the number they were served at (see reloadClient). */
  let generation = 0;
  const send = (event: string | undefined, data: (generation: number) => string) => {
    generation++;
    const frame = `${event ? `event: ${event}\n` : ''}data: ${data(generation)}\n\n`;
    for (const res of clients) res.write(frame);
  };
  return {
    /** A new stylesheet is in the output: pages swap it in place. */
    stylesheet(change: { from: string[]; to: string[] }): void {
      send('css', (g) => JSON.stringify({ ...change, generation: g }));
    },
    /** A rebuild's outcome: the problems overlay, or a reload when something visible changed or it recovered. */
    report(result: RebuildReport): void {
      if (result.problems) {
        problems = result.problems;
        send('problems', (g) => JSON.stringify(overlayHtml(problems, g)));
        return;
      }
      const recovered = problems.length > 0;
      problems = [];
      if (result.reload || recovered) send(undefined, () => 'reload');
    },
    /** Answers the event stream, and any page while the last rebuild failed (with the overlay). */
    intercept(req: IncomingMessage, res: ServerResponse): boolean {
      // GET only: a HEAD answer has no body, so an event stream would never send its headers.
      if (req.url === '/__dev/events' && req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
        res.write(`: connected\nevent: hello\ndata: ${generation}\n\n`);
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      }
      if (problems.length && req.headers.accept?.includes('text/html')) {
        res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(overlayHtml(problems, generation));
        return true;
      }
      return false;
    },
    /** Every page served gets the reload client, with the generation it was served at. */
    transformHtml: (html: string) => html.replace('</body>', `${reloadClient(generation)}</body>`),
    close(): void {
      for (const res of clients) res.end();
    },
  };
}
