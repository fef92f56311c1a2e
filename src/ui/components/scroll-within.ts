/**
 * Scrolls `element` into view in the nearest box that scrolls it (the input or the result column
 * on a wide screen), and the page only when no box does (a phone). `scrollIntoView` scrolls every
 * scrolling ancestor, the page included: where the page is a little taller than the window, that
 * took the header off screen. `block` is scrollIntoView's: the element at the box's top (less its
 * scroll-margin-top), or the least scroll that shows it.
 */
export function scrollIntoViewWithin(element: HTMLElement, block: 'start' | 'nearest'): void {
  for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow !== 'auto' && overflow !== 'scroll') || box.scrollHeight <= box.clientHeight)
      continue;
    const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    const visibleTop = box.getBoundingClientRect().top + box.clientTop;
    const { top, bottom } = element.getBoundingClientRect();
    const above = top - margin - visibleTop;
    const below = bottom - (visibleTop + box.clientHeight);
    if (block === 'start' || above < 0) box.scrollTop += above;
    // As much as shows its end, never so much that its start leaves the top.
    else if (below > 0) box.scrollTop += Math.min(above, below);
    return;
  }
  element.scrollIntoView({ block, behavior: 'instant' });
}
