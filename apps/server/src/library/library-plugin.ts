import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DrizzleLibraryStore } from './drizzle-library-store.js';
import type { LibraryStore } from './library-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The GMs' parties and bestiaries (library-store.ts). */
    library: LibraryStore;
  }
}

/** The library's store over the same database as the encounters. */
export const libraryPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('library', new DrizzleLibraryStore(app.database.db));
  },
  { name: 'library', dependencies: ['database'] },
);
