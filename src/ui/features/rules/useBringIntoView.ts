import { useRouter } from '@tanstack/react-router';
import { useEffect, type RefObject } from 'react';

/**
 * Brings the element a link pointed at (`?rule=`, `?section=`) into view, with focus on it. The
 * router scrolls a freshly rendered page to its top (on a direct load, after this component's
 * effect has run), so it is brought back after each render the router reports while it is the
 * target.
 */
export function useBringIntoView(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  block: ScrollLogicalPosition,
): void {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const bring = () => {
      const element = ref.current;
      if (!element) return;
      element.scrollIntoView({ block, behavior: 'instant' });
      element.focus({ preventScroll: true });
    };
    bring();
    return router.subscribe('onRendered', bring);
  }, [active, block, ref, router]);
}
