import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

export const REFRESH_MS = 60_000;

/** Pool numbers refresh in the open page every minute (loaders re-run), while it is visible. */
export function useMinuteRefresh(): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
}
