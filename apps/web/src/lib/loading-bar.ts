// The top loading bar (docs/screens.md (Loading bar), docs/data-model.md (Layout and timing)): Mantine's nprogress store, but hidden 300 ms after it
// reaches 100% (Mantine's own complete() hides after 50 ms).
import { nprogress } from '@mantine/nprogress';

export const loadingBarHideDelayMs = 300;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function cancelHide(): void {
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  hideTimer = undefined;
}

export const loadingBar = {
  /** Starts the bar creeping forward on its own (navigation). */
  start(): void {
    cancelHide();
    nprogress.start();
  },
  /** Sets an explicit value (0–100), stopping the automatic creep; 100 completes. */
  set(percent: number): void {
    cancelHide();
    nprogress.stop();
    if (percent >= 100) loadingBar.complete();
    else nprogress.set(percent);
  },
  complete(): void {
    cancelHide();
    nprogress.stop();
    nprogress.set(100);
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      nprogress.reset();
    }, loadingBarHideDelayMs);
  },
};
