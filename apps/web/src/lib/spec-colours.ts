// The spec's named colours (spec §6 Colours) mapped to Mantine colours; shared by the theme and features.
export const specColours = {
  danger: 'red',
  warning: 'orange',
  creation: 'green',
  primary: 'blue',
  default: 'gray',
} as const;
export type SpecColour = keyof typeof specColours;
