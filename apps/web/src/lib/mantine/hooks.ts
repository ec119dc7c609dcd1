// @mantine/hooks as the app and Mantine's own components import it (the build aliases '@mantine/hooks' here), with
// useId replaced: docs/decisions/dashboard.md#no-update-in-a-mounting-commit.
export * from '@mantine/hooks-upstream';
export { useId } from './use-id';
