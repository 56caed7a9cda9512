import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The request body handed to a mounted fetch-style handler, and what happens to a body the handler
 * did not read to the end (it answered first: a body over its limit, a wrong content type…).
 *
 * # Design decision
 * A handler that refuses a body stops reading it, so the server is left with a client still
 * writing. Most clients (browsers, Node's `http`, most libraries) write the whole body before
 * they read the answer; if the server stops reading, the client blocks on a full socket and never
 * sees the answer, and if the server closes at once, the client's unsent bytes meet a reset that
 * throws the unread answer away. So the answer is written with `Connection: close`, the rest of
 * the body is read and thrown away (a "lingering close", as nginx and Apache do), and only then
 * is the connection closed. Nothing is kept: the cost is bandwidth and one connection, bounded by
 * the limits below.
 */

/**
 * At most this much of a refused body is read and thrown away: an honest mistake (a large file
 * pasted into a form) fits, and a client that sends more was not going to read the answer.
 */
const LINGER_BYTES = 64 * 1024 * 1024;
/** At most this long after the answer, and this long without a byte (nginx's `lingering_time` and `lingering_timeout`). */
const LINGER_MS = 30_000;
const LINGER_IDLE_MS = 5_000;

/** How much of the body a handler's stream holds before the socket is paused: reading is pulled, never pushed. */
const STREAM_BYTES = 64 * 1024;

/**
 * The body of `req` as a web stream that reads the socket only as fast as the handler pulls.
 *
 * `Readable.toWeb` was the first choice; its `cancel` destroys the request and with it the socket,
 * so a handler that stopped reading an oversized chunked body could never answer it.
 * Cancelling this stream only detaches it; `answer` then deals with the rest of the body.
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => (detach(), controller.close());
        // A client that goes away mid-body: the handler's read fails instead of waiting forever.
        const onClose = () => (detach(), controller.error(new Error('the client closed the connection before the end of the body')));
        const onError = (error: Error) => (detach(), controller.error(error));
        detach = () => {
          req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onError);
          req.pause();
        };
        req.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onError);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: STREAM_BYTES, size: (chunk) => chunk.byteLength },
  );
}

/**
 * Writes a handler's answer. When the handler answered before the body was all read, the answer
 * says `Connection: close`, the rest of the body is read and discarded (see the module comment),
 * and the response is ended, which closes the connection, once the client has sent it all or a
 * limit is reached.
 */
export function answer(req: IncomingMessage, res: ServerResponse, status: number, headers: Headers, body: Buffer): void {
  res.statusCode = status;
  headers.forEach((v, k) => res.setHeader(k, v));
  if (req.complete || req.destroyed) return void res.end(body);
  res.setHeader('Connection', 'close');
  res.setHeader('Content-Length', body.length);
  // The whole answer goes out now; `end()`, which makes Node close the socket, waits for the drain.
  res.write(body);
  discardRest(req, () => res.end());
}

/** Reads what is left of the request's body, throwing it away, then calls `done` once. */
function discardRest(req: IncomingMessage, done: () => void): void {
  let left = LINGER_BYTES;
  const declared = Number(req.headers['content-length']);
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(total);
    clearTimeout(idle);
    req.off('data', count);
    done();
  };
  const total = setTimeout(finish, LINGER_MS);
  let idle = setTimeout(finish, LINGER_IDLE_MS);
  function count(chunk: Buffer) {
    left -= chunk.byteLength;
    idle.refresh();
    if (left < 0) finish();
  }
  // A declared length past the limit would be cut off anyway: no use reading any of it.
  if (declared > LINGER_BYTES) return finish();
  // Node's own dump: listeners of a stream the handler dropped would otherwise still get the data.
  req.removeAllListeners('data');
  req.on('data', count).once('end', finish).once('close', finish);
  req.resume();
}
