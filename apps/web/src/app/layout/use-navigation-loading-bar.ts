// Drives the top loading bar from the router: active while a navigation loads (docs/screens.md (Loading bar)).
import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { loadingBar } from '../../lib/loading-bar';

export function useNavigationLoadingBar(): void {
  const { state } = useNavigation();
  const isRunning = useRef(false);
  useEffect(() => {
    if (state !== 'idle') {
      isRunning.current = true;
      loadingBar.start();
    } else if (isRunning.current) {
      isRunning.current = false;
      loadingBar.complete();
    }
  }, [state]);
}
