/** Layout and theme come from the query string (`?layout=ribbon&theme=light`), so a streamer sets them once in OBS. */
export const LAYOUTS = ['list', 'ribbon'] as const;
export const THEMES = ['dark', 'light'] as const;
export type Layout = (typeof LAYOUTS)[number];
export type Theme = (typeof THEMES)[number];

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export function readOverlayOptions(search: string = location.search): { layout: Layout; theme: Theme } {
  const params = new URLSearchParams(search);
  return { layout: pick(params.get('layout'), LAYOUTS, 'list'), theme: pick(params.get('theme'), THEMES, 'dark') };
}
