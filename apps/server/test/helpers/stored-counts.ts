import type { FastifyInstance } from 'fastify';

/** How many encounters and events the server's database holds: what a refused import must leave as it was. */
export async function storedCounts(app: FastifyInstance): Promise<{ encounters: number; events: number }> {
  const count = async (table: string): Promise<number> => {
    const result = (await app.database.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n ?? -1;
  };
  return { encounters: await count('encounters'), events: await count('events') };
}
