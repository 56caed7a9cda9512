import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db, Sql } from './db.ts';

/**
 * PGlite on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly, and it runs on the
 * thread that calls it: creating a data folder takes 5–16 s of CPU on one thread, opening one about
 * 0.7 s, and every query is synchronous work. On the server's thread that froze `dev` and `preview`
 * (static pages included) while the forms' database opened. Here the worker holds the database,
 * and this thread only passes SQL and rows (structured clone: dates, numbers and strings as
 * PGlite gives them).
 *
 * # Design decision
 * A small message protocol over one worker rather than PGlite's own `PGliteWorker`, which is made
 * for browsers' Web Workers and their locks. Rejected: opening PGlite in the background on the
 * server's own thread (still seconds of synchronous work between requests).
 */

/** What the worker runs: a CommonJS script, so it needs no build step; it loads PGlite from `workerData.pglite`. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const transactions = new Map();
const fail = (error) => ({ message: String((error && error.message) || error), code: error && error.code });
const opening = PGlite.create(workerData.dir);
opening.then(() => parentPort.postMessage({ id: 0, ok: true }), (error) => parentPort.postMessage({ id: 0, ok: false, error: fail(error) }));
async function run(pg, m) {
  const on = m.tx ? transactions.get(m.tx).tx : pg;
  if (m.op === 'query') return (await on.query(m.text, m.params)).rows;
  if (m.op === 'exec') return void (await on.exec(m.text));
  if (m.op === 'begin') {
    return new Promise((began, failed) => {
      const t = {};
      t.done = pg.transaction((tx) => new Promise((resolve, reject) => { Object.assign(t, { tx, resolve, reject }); transactions.set(m.id, t); began(m.id); }));
      t.done.catch(failed);
    });
  }
  if (m.op === 'end') {
    const t = transactions.get(m.tx);
    transactions.delete(m.tx);
    if (m.commit) t.resolve(); else t.reject(new Error('rolled back'));
    return void (await t.done.catch((error) => { if (m.commit) throw error; }));
  }
  if (m.op === 'close') return void (await pg.close());
}
parentPort.on('message', async (m) => {
  try {
    parentPort.postMessage({ id: m.id, ok: true, value: await run(await opening, m) });
  } catch (error) {
    parentPort.postMessage({ id: m.id, ok: false, error: fail(error) });
  }
});
`;

type Call = { op: 'query'; text: string; params: unknown[]; tx?: number } | { op: 'exec'; text: string; tx?: number } | { op: 'begin' } | { op: 'end'; tx: number; commit: boolean } | { op: 'close' };
type Reply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: { message: string; code?: string } };

/**
 * Opens (creating on first use) an embedded PGlite database in `dataDir`, e.g. `.data/pglite`, on
 * a worker thread; resolves once it is open.
 */
export async function openPglite(dataDir: string, description = `PGlite at ${dataDir}`): Promise<Db> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(WORKER, { eval: true, workerData: { dir: dataDir, pglite } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 1;
  let failure: Error | undefined;
  const settle = (reply: Reply) => {
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) call?.resolve(reply.value);
    else call?.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
  };
  const stop = (error: Error) => {
    failure = error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on('message', settle);
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the PGlite thread stopped (exit code ${code})`)));
  const call = (message: Call): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  };
  const opened = new Promise((resolve, reject) => waiting.set(0, { resolve, reject }));
  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return threadDb(call, description, async () => {
    await call({ op: 'close' });
    await worker.terminate();
  });
}

/** The Db over the worker's calls. */
function threadDb(call: (message: Call) => Promise<unknown>, description: string, close: () => Promise<void>): Db {
  const sql = (tx?: number): Sql => ({
    query: async <Row>(text: string, params: unknown[] = []) => (await call({ op: 'query', text, params, ...(tx ? { tx } : {}) })) as Row[],
    exec: async (text) => {
      await call({ op: 'exec', text, ...(tx ? { tx } : {}) });
    },
  });
  return {
    ...sql(),
    description,
    transaction: async (work) => {
      const tx = (await call({ op: 'begin' })) as number;
      let result;
      try {
        result = await work(sql(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    close,
  };
}
