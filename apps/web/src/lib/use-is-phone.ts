// Below 520 px the screens change layout for a phone (docs/operator-screen.md "Tablet and phone"): cards instead of a
// table, full-screen forms. Read at the first render, so the first paint already has the phone's layout.
import { useMediaQuery } from '@mantine/hooks';

export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 519.98px)', false, { getInitialValueInEffect: false });
}
