import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { youngGenerationFlag, youngGenerationWarning } from './heap-growth.js';

describe('the young generation bound (docs/deployment.md#runtime)', () => {
  it('is what npm start and npm run serve give node, and its absence is warned of at start', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(`node ${youngGenerationFlag} apps/server/dist/main.js`);
    expect(scripts.serve).toContain(`node ${youngGenerationFlag} apps/server/dist/main.js`);
    expect(youngGenerationWarning([youngGenerationFlag], '')).toBeNull();
    expect(youngGenerationWarning([], '--max-semi-space-size=8')).toBeNull();
    expect(youngGenerationWarning(['--cpu-prof'], '')).toContain(youngGenerationFlag);
  });
});
