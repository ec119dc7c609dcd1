// The web app's import boundaries (docs/decisions/web-frame.md#boundaries), as core no-restricted-imports
// rules: a feature never imports another feature; shared code (lib/, components/, session/, live/,
// config/) never imports a feature or app/. app/ composes features and testing/ builds test screens, so
// both may import anything. And API calls are made only in the features' api/ modules and
// lib/api-client.ts: other code imports those calls, never the client's apiRequest/apiFile or fetch.
// One config object per feature folder, listed from the disk, so a new feature is covered the moment it exists.
import { readdirSync } from 'node:fs';

const src = 'apps/web/src';
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A relative import that climbs out to one of `names` (`../../users/api/x`, `../../../features/users`).
const climbingTo = (names) => `^(\\.\\./)+(features/)?(${names.join('|')})(/|$)`;

const tests = [`${src}/**/*.test.{ts,tsx}`, `${src}/testing/**`];
const callers = [`${src}/features/*/api/**`, `${src}/lib/api-client.ts`, ...tests];

const callsThroughApiModules = {
  regex: '(^|/)api-client$',
  importNames: ['apiRequest', 'apiFile'],
  message:
    "API calls live in the features' api/ modules (or lib/api-client.ts when the session or two features share them): import the call from there.",
};
const noFetch = {
  'no-restricted-globals': [
    'error',
    { name: 'fetch', message: 'Only lib/api-client.ts calls fetch: use a call from a feature api/ module.' },
  ],
};

const restricted = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const featureRules = features.flatMap((feature) => {
  const siblings = {
    regex: climbingTo(features.filter((other) => other !== feature)),
    message: 'Features never import each other: move what both need to lib/ or components/ui/, or compose them in app/.',
  };
  const files = [`${src}/features/${feature}/**/*.{ts,tsx}`];
  return [
    { files, rules: restricted([siblings]) },
    { files, ignores: callers, rules: { ...restricted([siblings, callsThroughApiModules]), ...noFetch } },
  ];
});

const sharedFiles = ['lib', 'components', 'session', 'live', 'config'].map((folder) => `${src}/${folder}/**/*.{ts,tsx}`);
const noFeatureOrApp = {
  regex: '^(\\.\\./)+(features|app)(/|$)',
  message: 'Shared code never imports a feature or app/: pass what it needs in, or move it into the feature.',
};
const sharedRules = [
  { files: sharedFiles, rules: restricted([noFeatureOrApp]) },
  { files: sharedFiles, ignores: callers, rules: { ...restricted([noFeatureOrApp, callsThroughApiModules]), ...noFetch } },
];

const appRule = {
  files: [`${src}/app/**/*.{ts,tsx}`, `${src}/*.{ts,tsx}`],
  ignores: tests,
  rules: { ...restricted([callsThroughApiModules]), ...noFetch },
};

export default [...featureRules, ...sharedRules, appRule];
