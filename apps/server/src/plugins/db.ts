// The database on the app: opened and migrated before any route, closed after every other plugin.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export const dbPlugin = fp(
  async (app: FastifyInstance, options: { db: Kysely<Database> }) => {
    app.decorate('db', options.db);
  },
  { name: 'bpm-db' },
);
