// The app's one live connection, shared between the sign-in and the signed-in layout
// (docs/decisions/dashboard.md#socket-opened-at-the-sign-in): the Login page opens it as soon as the sign-in is answered, so the
// socket and its snapshot travel while the route guard's requests and the layout's first render happen; the layout then holds it
// for as long as it is shown, and it closes when the last holder lets go (as it did when the layout opened it itself).
import { startLiveConnection } from './live-connection';

/** Opened early and never held (the guard sent the user back to Login): closed after this long. */
export const unheldLiveFeedCloseMs = 15_000;

let stop: (() => void) | null = null;
let holders = 0;
let unheldTimer: ReturnType<typeof setTimeout> | null = null;

const ensureOpen = () => {
  stop ??= startLiveConnection();
};

const cancelUnheldClose = () => {
  if (unheldTimer !== null) clearTimeout(unheldTimer);
  unheldTimer = null;
};

function close(): void {
  cancelUnheldClose();
  const stopNow = stop;
  stop = null;
  stopNow?.();
}

/** Opens the live feed ahead of the layout (a sign-in was just answered); closes it again if no layout holds it soon. */
export function openLiveFeedEarly(): void {
  ensureOpen();
  if (holders > 0 || unheldTimer !== null) return;
  unheldTimer = setTimeout(() => {
    unheldTimer = null;
    if (holders === 0) close();
  }, unheldLiveFeedCloseMs);
}

/** Holds the live feed open (opening it if needed); the returned function lets go, and the last to let go closes it. */
export function holdLiveFeed(): () => void {
  cancelUnheldClose();
  ensureOpen();
  holders += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holders -= 1;
    if (holders === 0) close();
  };
}
