// The import boundaries of apps/web/eslint.boundaries.mjs, checked through ESLint itself with the
// repository's config: a forbidden import (or an API call outside the api/ modules) must fail `npm run lint`,
// an allowed one must pass.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = `${resolve(import.meta.dirname, '../../..')}/`;
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-globals')
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
    ['a component calling the API client', 'features/keys/components/x.tsx', "import { apiRequest } from '../../../lib/api-client';"],
    ['a feature file outside api/ fetching a file', 'features/alarms/history.ts', "import { apiFile } from '../../lib/api-client';"],
    ['lib/ calling the API client', 'lib/x.ts', "import { apiRequest } from './api-client';"],
    ['session/ calling the API client', 'session/x.ts', "import { apiRequest } from '../lib/api-client';"],
    ['app/ calling the API client', 'app/layout/x.tsx', "import { apiRequest } from '../../lib/api-client';"],
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
    ['a feature api/ module calling the API client', 'features/keys/api/x.ts', "import { apiRequest } from '../../../lib/api-client';"],
    ['a component using the client\'s error type', 'features/keys/components/x.tsx', "import { isApiError } from '../../../lib/api-client';"],
    ['session/ using a shared call', 'session/x.ts', "import { getMyRole } from '../lib/api-client';"],
    ['a test calling the API client', 'features/keys/components/x.test.tsx', "import { apiFile } from '../../../lib/api-client';"],
  ])(
    'allows %s',
    async (_, filePath, code) => {
      expect(await boundaryErrors(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)![1]}];\n`)).toEqual([]);
    },
    30_000,
  );

  it.each([
    ['live/', 'live/x.ts', 1],
    ['a feature component', 'features/logs/components/x.tsx', 1],
    ['lib/api-client.ts itself', 'lib/api-client.ts', 0],
  ])(
    'fetch in %s: %i error(s)',
    async (_, filePath, errors) => {
      expect(await boundaryErrors(filePath, "export const load = () => fetch('/api/probes');\n")).toHaveLength(errors);
    },
    30_000,
  );
});
