// The live store tells its React readers inside flushSync: the rows, watchdog digits and counts that a frame or a clock
// tick changed render in that task, before its paint, rather than in a task of React's after it with a second paint
// (docs/decisions/dashboard.md#one-paint-per-tick). Imported by every hook module that reads the store.
import { flushSync } from 'react-dom';
import { probeStore } from '../stores/probe-store';

probeStore.runNoticesWith(flushSync);
