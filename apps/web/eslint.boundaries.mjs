// The web app's import boundaries (docs/decisions/web-frame.md#boundaries), as core no-restricted-imports
// rules: a feature never imports another feature; shared code (lib/, components/, session/, live/,
// config/) never imports a feature or app/. app/ composes features and testing/ builds test screens, so
// both may import anything. One config object per feature folder, listed from the disk, so a new
// feature is covered the moment it exists.
import { readdirSync } from 'node:fs';

const src = 'apps/web/src';
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A relative import that climbs out to one of `names` (`../../users/api/x`, `../../../features/users`).
const climbingTo = (names) => `^(\\.\\./)+(features/)?(${names.join('|')})(/|$)`;

const featureRules = features.map((feature) => ({
  files: [`${src}/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: climbingTo(features.filter((other) => other !== feature)),
            message: 'Features never import each other: move what both need to lib/ or components/ui/, or compose them in app/.',
          },
        ],
      },
    ],
  },
}));

const sharedRule = {
  files: ['lib', 'components', 'session', 'live', 'config'].map((folder) => `${src}/${folder}/**/*.{ts,tsx}`),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\./)+(features|app)(/|$)',
            message: 'Shared code never imports a feature or app/: pass what it needs in, or move it into the feature.',
          },
        ],
      },
    ],
  },
};

export default [...featureRules, sharedRule];
