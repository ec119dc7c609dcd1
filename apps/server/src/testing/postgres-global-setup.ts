// Vitest globalSetup of the "node-pg" project: one throwaway PostgreSQL for the whole run, with a template
// database already migrated, so each test app gets a fresh database by a quick CREATE DATABASE … TEMPLATE.
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';

export const templateDatabase = 'bpm_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://bpm@127.0.0.1:PORT — the throwaway server, without a database name. */
    bpmPostgresServer: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startThrowawayPostgres();
  try {
    const admin = openDatabase('', server.url);
    await sql.raw(`create database ${templateDatabase}`).execute(admin);
    await admin.destroy();
    const template = openDatabase('', server.urlFor(templateDatabase));
    await migrateToLatest(template);
    await template.destroy();
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide('bpmPostgresServer', server.url.replace(/\/postgres$/, ''));
  return () => server.stop();
}
