import { PGlite } from '@electric-sql/pglite';
import type { Db, Sql } from './db.ts';

/** Opens (creating on first use) an embedded PGlite database in `dataDir`, e.g. `.data/pglite`. */
export async function openPglite(dataDir: string, description = `PGlite at ${dataDir}`): Promise<Db> {
  const pg = await PGlite.create(dataDir);
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    query: async <Row>(text: string, params: unknown[] = []) => (await q.query<Row>(text, params)).rows,
    exec: async (text) => {
      await q.exec(text);
    },
  });
  return {
    ...wrap(pg),
    description,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
  };
}
