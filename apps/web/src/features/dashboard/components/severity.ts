// Row and card emphasis by probe state (docs/operator-screen.md "Severity at a glance").
import classes from './dashboard.module.css';

export function severityClass(stateString: string): string {
  if (stateString === 'Critical') return classes.critical!;
  if (stateString === 'Warning') return classes.warning!;
  return '';
}
