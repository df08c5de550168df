// [issue 28] The overlay's list is clipped to the frame (a stream shows what is inside the browser
// source, nothing scrolls there by hand), so the list scrolls itself to keep the current turn in view.
// It moves only when it must: a stream that jumps every turn is hard to watch.

/** What the viewer can no longer see, for the fades at the list's edges. */
export interface Hidden {
  readonly above: boolean;
  readonly below: boolean;
}

/** Slack for sub-pixel layout when asking "is it all visible?". */
const EPSILON_PX = 1;

const visible = (list: HTMLElement, row: HTMLElement, top: number): boolean =>
  row.offsetTop >= top - EPSILON_PX && row.offsetTop + row.offsetHeight <= top + list.clientHeight + EPSILON_PX;

/**
 * Scrolls `list` so that `current` is wholly visible with the turn before it and the one after it
 * where they fit; leaves it where it is while they already are. The rows' `offsetTop` must be
 * measured from the list (the list is their offset parent: `position: relative`).
 */
export function keepInSight(list: HTMLElement, current: HTMLElement | null, smooth: boolean): Hidden {
  const end = list.scrollHeight - list.clientHeight;
  let top = list.scrollTop;
  if (current) {
    const previous = current.previousElementSibling as HTMLElement | null;
    const next = current.nextElementSibling as HTMLElement | null;
    const around = [previous, current, next].filter((row): row is HTMLElement => !!row);
    if (!around.every((row) => visible(list, row, top))) {
      const pad = parseFloat(getComputedStyle(list).paddingTop) || 0;
      // The turn before at the top, unless that would push the current one out at the bottom.
      const preferred = (previous ?? current).offsetTop - pad;
      const lowest = current.offsetTop + current.offsetHeight + pad - list.clientHeight;
      top = Math.min(end, Math.max(0, Math.min(Math.max(preferred, lowest), current.offsetTop - pad)));
      list.scrollTo({ top, behavior: smooth ? 'smooth' : 'instant' });
    }
  }
  return { above: top > EPSILON_PX, below: top < end - EPSILON_PX };
}
