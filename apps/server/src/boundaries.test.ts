// The server's module boundaries are kept by `npm run lint` (eslint.config.mjs, docs/architecture.md (Modules)):
// linting a deliberate forbidden import inside a module or a plugin must fail, an allowed one must pass.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The boundary errors ESLint reports for `code` as if it were the file at `filePath` (from the repository root). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const moduleFile = 'apps/server/src/modules/users/boundary-probe.ts';
const pluginFile = 'apps/server/src/plugins/boundary-probe.ts';
const use = (path: string) => `import * as other from '${path}';\nexport const probe = other;\n`;

describe('server module boundaries', () => {
  it.each([
    ['another module’s queries', moduleFile, '../keys/keys.queries.js'],
    ['another module’s routes', moduleFile, '../roles/roles.routes.js'],
    ['another module’s helper file', moduleFile, '../auth/login-throttle.js'],
    ['another module’s internals via ../../modules', moduleFile, '../../modules/keys/keys.queries.js'],
    ['a service file named after a different module', moduleFile, '../keys/users.service.js'],
    ['a module’s queries from plugins/', pluginFile, '../modules/users/users.queries.js'],
  ])('refuses %s', async (_name, filePath, importPath) => {
    expect(await boundaryErrors(filePath, use(importPath))).toHaveLength(1);
  });

  it.each([
    ['another module’s service', moduleFile, '../keys/keys.service.js'],
    ['another module’s index', moduleFile, '../keys/index.js'],
    ['its own queries', moduleFile, './users.queries.js'],
    ['shared code under src/', moduleFile, '../../plugins/access.js'],
    ['a module’s service from plugins/', pluginFile, '../modules/users/users.service.js'],
  ])('allows %s', async (_name, filePath, importPath) => {
    expect(await boundaryErrors(filePath, use(importPath))).toEqual([]);
  });
});
