/**
 * Layout, theme and spoiler delay come from the query string (`?layout=ribbon&theme=light&delay=30`),
 * so a streamer sets them once in OBS. Anything unknown falls back to the default.
 */
export const LAYOUTS = ['list', 'ribbon', 'compact'] as const;
export const THEMES = ['dark', 'light'] as const;
export type Layout = (typeof LAYOUTS)[number];
export type Theme = (typeof THEMES)[number];

/** Longest spoiler delay: a stream's own delay is rarely above a couple of minutes. */
export const MAX_DELAY_SECONDS = 300;

export interface OverlayOptions {
  readonly layout: Layout;
  readonly theme: Theme;
  /** How long to hold each view back before showing it, in seconds (0: live). */
  readonly delaySeconds: number;
}

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function delayOf(value: string | null): number {
  const seconds = Number(value ?? 0);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_DELAY_SECONDS) : 0;
}

export function readOverlayOptions(search: string = location.search): OverlayOptions {
  const params = new URLSearchParams(search);
  return {
    layout: pick(params.get('layout'), LAYOUTS, 'list'),
    theme: pick(params.get('theme'), THEMES, 'dark'),
    delaySeconds: delayOf(params.get('delay')),
  };
}
