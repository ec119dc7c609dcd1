// The import boundaries of apps/web/eslint.boundaries.mjs, checked through ESLint itself with the
// repository's config: a forbidden import must fail `npm run lint`, an allowed one must pass.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = `${resolve(import.meta.dirname, '../../..')}/`;
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('web import boundaries', () => {
  it.each([
    [
      'a feature importing a sibling feature',
      'features/keys/components/x.tsx',
      "import { userQueries } from '../../users/api/users-api';",
    ],
    [
      'a feature importing a feature by its full path',
      'features/keys/x.ts',
      "import { userQueries } from '../../features/users/api/users-api';",
    ],
    ['lib/ importing a feature', 'lib/x.ts', "import { keyQueries } from '../features/keys/api/keys-api';"],
    ['components/ importing app/', 'components/ui/x.tsx', "import { signOutTo } from '../../app/sign-out';"],
    ['session/ importing a feature', 'session/x.ts', "import { accountQueries } from '../features/account/api/account-api';"],
  ])(
    'forbids %s',
    async (_, filePath, code) => {
      expect(await boundaryErrors(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)![1]}];\n`)).toHaveLength(
        1,
      );
    },
    30_000,
  );

  it.each([
    ['a feature importing its own code', 'features/users/components/x.tsx', "import { userQueries } from '../api/users-api';"],
    ['a feature importing lib/', 'features/users/components/x.tsx', "import { roleQueries } from '../../../lib/roles-query';"],
    ['app/ composing a feature', 'app/x.ts', "import { accountQueries } from '../features/account/api/account-api';"],
  ])(
    'allows %s',
    async (_, filePath, code) => {
      expect(await boundaryErrors(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)![1]}];\n`)).toEqual([]);
    },
    30_000,
  );
});
