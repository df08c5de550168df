// [issue 28] The console's list scrolls inside its own region: a row it must show (the current turn,
// the row just selected) is scrolled into that region only, never by scrolling the page, with
// `margin` pixels of the rows around it still seen.
export function keepInView(region: HTMLElement, row: Element, margin = 0): void {
  const outer = region.getBoundingClientRect();
  const inner = row.getBoundingClientRect();
  const room = Math.min(margin, Math.max(0, (outer.height - inner.height) / 2));
  if (inner.top < outer.top + room) region.scrollTop -= outer.top + room - inner.top;
  else if (inner.bottom > outer.bottom - room) region.scrollTop += inner.bottom - (outer.bottom - room);
}
