// The real @mantine/hooks, under the name the build gives it (vite.config.ts) so that hooks.ts can re-export it.
declare module '@mantine/hooks-upstream' {
  export * from '@mantine/hooks';
}
