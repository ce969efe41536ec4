import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes a popup when the pointer goes down outside `root` or focus leaves it (Tab away),
 * while `open`. Escape is the popup's own keyboard handling.
 */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, dismiss: () => void): void {
  const latest = useRef(dismiss);
  useEffect(() => {
    latest.current = dismiss;
  });
  useEffect(() => {
    const element = root.current;
    if (!open || !element) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) latest.current();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      // Focus going nowhere (a click on empty page) is the pointer handler's business.
      if (next && !element.contains(next)) latest.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [root, open]);
}
