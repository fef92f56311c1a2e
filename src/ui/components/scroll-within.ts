/**
 * Scrolls `element` into view in the boxes that scroll it (a table's rows, the input or the
 * result column on a wide screen), and the page only when that leaves it outside the window.
 * `scrollIntoView` scrolls the page too: where the page is a little taller than the window, that
 * took the header off screen. `block` is scrollIntoView's: the element at each box's top (less
 * its scroll-margin-top), or the least scroll that shows it.
 */
export function scrollIntoViewWithin(element: HTMLElement, block: 'start' | 'nearest'): void {
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  let scrolled = false;
  for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow !== 'auto' && overflow !== 'scroll') || box.scrollHeight <= box.clientHeight)
      continue;
    scrolled = true;
    // (Read for each box: scrolling one box moves the element in the next.)
    const visibleTop = box.getBoundingClientRect().top + box.clientTop;
    const { top, bottom } = element.getBoundingClientRect();
    const above = top - margin - visibleTop;
    const below = bottom - (visibleTop + box.clientHeight);
    if (block === 'start' || above < 0) box.scrollTop += above;
    // As much as shows its end, never so much that its start leaves the top.
    else if (below > 0) box.scrollTop += Math.min(above, below);
  }
  // The page, only where the boxes could not bring it into the window (on a phone the page
  // scrolls, and a table's own box may sit below the window).
  const { top, bottom } = element.getBoundingClientRect();
  if (!scrolled || top < 0 || bottom > window.innerHeight)
    element.scrollIntoView({ block, behavior: 'instant' });
}
