// The spec's named colours (docs/roles-and-permissions.md (Colours)) mapped to Mantine colours; shared by the theme and features.
export const specColours = {
  danger: 'red',
  warning: 'orange',
  creation: 'green',
  primary: 'blue',
  default: 'gray',
} as const;
export type SpecColour = keyof typeof specColours;
