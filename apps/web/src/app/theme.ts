// Mantine theme carrying the spec's named colours (spec §6 Colours).
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/** Spec colour names → Mantine colours. */
export const specColours = {
  danger: 'red',
  warning: 'orange',
  creation: 'green',
  primary: 'blue',
  default: 'gray',
} as const;
export type SpecColour = keyof typeof specColours;
