// Mantine theme: the primary colour is the spec's "primary" (docs/roles-and-permissions.md (Colours), lib/spec-colours.ts).
import { createTheme } from '@mantine/core';
import { specColours } from '../lib/spec-colours';

export const theme = createTheme({
  primaryColor: specColours.primary,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});
