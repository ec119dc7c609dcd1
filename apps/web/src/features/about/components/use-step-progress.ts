// The About page's loading-bar rhythm: +20% every 50 ms until full (spec §2 About, §9).
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
