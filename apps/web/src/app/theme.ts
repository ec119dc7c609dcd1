// Mantine theme: the primary colour is the spec's "primary" (docs/roles-and-permissions.md (Colours), lib/spec-colours.ts). Filled
// colours use shade 8 and pick black or white text by luminance, so every filled button, badge and link meets
// WCAG AA contrast; modal and drawer × buttons are named, menus hold only items (docs/operator-screen.md).
import { createTheme, Drawer, Menu, Modal } from '@mantine/core';
import { specColours } from '../lib/spec-colours';

// Not "Close": several dialogs have a Close button of their own (Probe Details), and the two would share a name.
const closeButtonProps = { 'aria-label': 'Dismiss dialog' };

export const theme = createTheme({
  primaryColor: specColours.primary,
  primaryShade: 8,
  autoContrast: true,
  // White text below this luminance, black above: both then reach 4.5:1 (the crossover is at about 0.18). 0.19 puts
  // white on red-8 (4.51:1), which stays readable on its darker hover shade; black there fell to 3.8:1 on hover.
  luminanceThreshold: 0.19,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Menus, dialogs and tooltips open without their transition when the system asks for less motion (WCAG 2.3.3); the
  // app's own transitions follow the same setting (accessibility.css).
  respectReducedMotion: true,
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
    // The placeholder Mantine focuses first is a non-item child of role="menu" (axe aria-required-children);
    // without it focus starts on the first item, as the menu pattern has it.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // Date pickers (by name, so @mantine/dates stays out of the main bundle): named month arrows, no greyed
    // days of the next/previous month and no red weekends, both below 4.5:1.
    DateInput: {
      defaultProps: {
        ariaLabels: {
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
          previousYear: 'Previous year',
          nextYear: 'Next year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
        },
        hideOutsideDates: true,
        weekendDays: [],
      },
    },
  },
});
