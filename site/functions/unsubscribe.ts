// The unsubscribe link of every email to a subscriber (mail.ts): `GET /api/unsubscribe?token=…`
// shows a page with one button, and `POST` to the same address unsubscribes. A mail program's own
// "Unsubscribe" button POSTs `List-Unsubscribe=One-Click` there directly (RFC 8058). No `node:`
// imports: this runs wherever the handler does.
import { escapeHtml } from '../../src/escape.ts';
import { UNSUBSCRIBE_PATH } from './mail.ts';
import { Refusal, errorPage, htmlPage } from './responses.ts';
import { TOKEN_PATTERN, type Store } from './store.ts';

/** Runs one store operation, answering 503 (a Refusal) when the store is down (handler.ts, `save`). */
export type Save = <T>(request: Request, work: (store: Store) => Promise<T>) => Promise<T>;

const HELP = 'reply to any of our emails and we will unsubscribe you by hand';

export const UNSUBSCRIBE_TEXT = {
  noToken: `This unsubscribe link is incomplete: it has no token. Open the whole link from the email again, or ${HELP}.`,
  badToken: `This unsubscribe link is not complete or was changed on the way. Open the whole link from the email again, or ${HELP}.`,
  unknown: `This unsubscribe link matches no subscription: the address may have been removed already. If our emails still reach you, ${HELP}.`,
  method: (method: string) => `Open this unsubscribe link in a browser, or press the Unsubscribe button (not ${method}).`,
} as const;

/**
 * Answers an unsubscribe link.
 *
 * # Design decision
 * GET only shows the button and changes nothing: mail scanners and link previews open every link
 * in a message, and a GET that unsubscribed would unsubscribe readers who never asked. POST
 * unsubscribes, and answers 200 with a page, never a redirect (RFC 8058 section 3.2). The token is
 * a random secret stored with the subscriber rather than an HMAC of the address: revocable with
 * the row, and no signing key for every host to share. No per-client rate limit: a mail
 * provider's one-click POSTs for many readers come from a few addresses, and a token cannot be
 * guessed (256 bits), so counting would only turn real requests away.
 */
export async function answerUnsubscribe(request: Request, url: URL, save: Save, base = '/'): Promise<Response> {
  try {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw new Refusal(405, UNSUBSCRIBE_TEXT.method(method), undefined, { Allow: 'GET, HEAD, POST' });
    }
    const token = url.searchParams.get('token') ?? '';
    if (!token) throw new Refusal(400, UNSUBSCRIBE_TEXT.noToken);
    if (!TOKEN_PATTERN.test(token)) throw new Refusal(400, UNSUBSCRIBE_TEXT.badToken);
    if (method === 'POST') {
      const result = await save(request, (store) => store.unsubscribe(token));
      if (result === 'unknown') throw new Refusal(404, UNSUBSCRIBE_TEXT.unknown);
      return unsubscribedPage(result === 'already', base);
    }
    const subscriber = await save(request, (store) => store.subscriberByToken(token));
    if (!subscriber) throw new Refusal(404, UNSUBSCRIBE_TEXT.unknown);
    return subscriber.unsubscribed_at ? unsubscribedPage(true, base) : confirmPage(token, subscriber.email, base);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return errorPage(error.status, error.error, base, error.headers, 'Go to the home page');
  }
}

/** `ann@example.com` → `a•••@example.com`: enough for its owner to know it, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${[...email.slice(0, at)][0] ?? ''}•••${email.slice(at)}`;
}

/**
 * The GET page: what the button does, the button (a POST to the same link), and a way out. `base`
 * is the site's base path (`/`, or `/blog/` for a site under one: handler.ts, `formPath`).
 */
function confirmPage(token: string, email: string, base: string): Response {
  const action = `${base}${UNSUBSCRIBE_PATH.slice(1)}?token=${encodeURIComponent(token)}`;
  return htmlPage(
    200,
    'Unsubscribe from our emails?',
    `<p>Press the button to stop our emails to <strong>${escapeHtml(maskEmail(email))}</strong>. Nothing else is needed.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>
<p><a href="${escapeHtml(base)}">Keep my subscription and go to the home page</a></p>`,
  );
}

/** The answer to a POST (and to a GET of a link already used). */
function unsubscribedPage(already: boolean, base: string): Response {
  return htmlPage(
    200,
    already ? 'You are already unsubscribed' : 'You are unsubscribed',
    `<p role="status">${already ? 'This address was already unsubscribed' : 'Done: this address is unsubscribed'}, and we will not email it again.</p>
<p>To have your address and everything we stored with it removed, reply to any of our emails or write to us through the <a href="${escapeHtml(base)}contact">contact page</a>. Changed your mind? Sign up again on the <a href="${escapeHtml(base)}">home page</a>.</p>`,
  );
}
