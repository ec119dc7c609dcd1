// Frozen: single sign-on (docs/sso.md). users.source says where an account's identity lives ('local' or
// 'sso'), users.sso_subject the IdP's `sub` for an SSO account (so a renamed IdP user cannot take another's
// account), and oidc_logins the sign-ins under way: state, nonce and PKCE verifier, single use, for
// minutes. In the database rather than in memory so that any instance can take the callback (cluster mode).
// Never edit; add a new migration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const sso: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('users')
      .addColumn('source', 'varchar(10)', (c) => c.notNull().defaultTo('local'))
      .execute();
    await db.schema.alterTable('users').addColumn('sso_subject', 'varchar(255)').execute();
    await db.schema
      .createTable('oidc_logins')
      .addColumn('state', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
      .addColumn('code_verifier', 'varchar(200)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('oidc_logins').execute();
    await db.schema.alterTable('users').dropColumn('sso_subject').execute();
    await db.schema.alterTable('users').dropColumn('source').execute();
  },
};
