// The About page's loading-bar rhythm: +20% every 50 ms until full (docs/screens.md (About), docs/data-model.md (Layout and timing)).
import { useEffect } from 'react';
import { loadingBar } from '../../../lib/loading-bar';

export const aboutProgressStepPercent = 20;
export const aboutProgressStepMs = 50;

export function useStepProgress(): void {
  useEffect(() => {
    let percent = 0;
    loadingBar.set(percent);
    const timer = setInterval(() => {
      percent += aboutProgressStepPercent;
      loadingBar.set(percent);
      if (percent >= 100) clearInterval(timer);
    }, aboutProgressStepMs);
    return () => clearInterval(timer);
  }, []);
}
