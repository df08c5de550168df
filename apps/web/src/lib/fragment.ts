/** Reads `#a=1&b=2` into a map. Secrets live in the fragment so they never reach server logs. */
export function readFragment(hash: string = location.hash): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

export function fragment(params: Record<string, string>): string {
  return `#${new URLSearchParams(params).toString()}`;
}

/** Runs `listener` on every hash change; returns the unsubscribe function (usable as an effect's cleanup). */
export function onHashChange(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}
