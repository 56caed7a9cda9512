import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';

export interface PageProblems {
  /** Console messages of type error or warning, with the script location when there is one. */
  consoleMessages: string[];
  /** Uncaught exceptions thrown in the page. */
  pageErrors: string[];
  /**
   * Requests to `origin` that failed at the network level or were answered with status 400 or
   * more. The main document is left out: its status is what a test asserts directly. So are loads
   * the browser cancelled because the page navigated away before they finished.
   */
  failedRequests: string[];
  /** Every problem above, one line each, prefixed with its kind; empty when the page was clean. */
  all(): string[];
  /** Stops recording, e.g. before the same tab loads the next page with a watcher of its own. */
  stop(): void;
}

export interface WatchOptions {
  /** The site's origin, e.g. `http://127.0.0.1:41059`; requests elsewhere are not checked. */
  origin: string;
  /**
   * Console messages to ignore (optional). Chromium logs "Failed to load resource … 404" for a
   * 404 document, which the 404 page test expects.
   */
  ignoreConsole?: (message: ConsoleMessage) => boolean;
}

/** Starts recording a page's console errors and warnings, page errors and failed requests. */
export function watchPage(page: Page, options: WatchOptions): PageProblems {
  const consoleMessages: string[] = [];
  const pageErrors: string[] = [];
  const failedRequests: string[] = [];
  const ownOrigin = (url: string) => {
    try {
      return new URL(url).origin === options.origin;
    } catch {
      return false;
    }
  };
  const isMainDocument = (request: Request) => request.isNavigationRequest() && request.frame() === page.mainFrame();

  const onConsole = (message: ConsoleMessage) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    if (options.ignoreConsole?.(message)) return;
    const { url, lineNumber } = message.location();
    consoleMessages.push(`${type}: ${message.text()}${url ? ` (${url}:${lineNumber + 1})` : ''}`);
  };
  const onPageError = (error: Error) => {
    pageErrors.push(error.stack ?? error.message);
  };
  // A document's unfinished loads (a lazy image, say) are cancelled when the page navigates away:
  // Chromium reports them as net::ERR_ABORTED. That is the browser leaving, not the site failing,
  // so a load aborted after a later main-frame navigation began is not a problem, and neither is
  // one the old document started while the next page's request was already on its way (a lazy
  // image its last scroll let in, on a slow machine): the frame still showed the old address
  // when it started. A load this watcher never saw start belongs to a page the tab showed before
  // it was attached (a tab that loads page after page, see openPage): it counts as started
  // before the first navigation.
  const withoutHash = (url: string) => url.replace(/#.*/, '');
  let navigations = 0;
  let navigatingTo: string | undefined;
  const startedDuring = new WeakMap<Request, { navigations: number; document: string }>();
  const onRequest = (request: Request) => {
    if (isMainDocument(request)) {
      navigations += 1;
      navigatingTo = withoutHash(request.url());
    }
    let document = '';
    try {
      document = withoutHash(request.frame().url());
    } catch {
      // A service worker's request has no frame.
    }
    startedDuring.set(request, { navigations, document });
  };
  const leftBehind = (request: Request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED' || isMainDocument(request)) return false;
    const started = startedDuring.get(request);
    return !started || started.navigations < navigations || (navigatingTo !== undefined && started.document !== '' && started.document !== navigatingTo);
  };

  const onRequestFailed = (request: Request) => {
    if (!ownOrigin(request.url()) || leftBehind(request)) return;
    failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  };
  const onResponse = (response: Response) => {
    const request = response.request();
    if (response.status() < 400 || !ownOrigin(response.url()) || isMainDocument(request)) return;
    failedRequests.push(`${request.method()} ${response.url()}: HTTP ${response.status()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('request', onRequest);
  page.on('requestfailed', onRequestFailed);
  page.on('response', onResponse);

  return {
    consoleMessages,
    pageErrors,
    failedRequests,
    all: () => [
      ...consoleMessages.map((m) => `console ${m}`),
      ...pageErrors.map((m) => `page error: ${m}`),
      ...failedRequests.map((m) => `request ${m}`),
    ],
    stop() {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('request', onRequest);
      page.off('requestfailed', onRequestFailed);
      page.off('response', onResponse);
    },
  };
}
