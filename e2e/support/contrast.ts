// WCAG 2.x text contrast (1.4.3, level AA), measured on the rendered page: the colours Chromium
// computed, composited the way it paints them. Used by clients.test.ts.
import type { Page } from 'playwright-core';

/** AA: 4.5:1 for body text, 3:1 for large text (≥ 24 px, or ≥ 18.66 px and bold). */
export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;

export interface ContrastFailure {
  /** `tag#id.class[data-testid=…]` of the element whose text it is. */
  readonly element: string;
  readonly text: string;
  /** The text's and the panel's painted colours, `#rrggbb`, after compositing. */
  readonly color: string;
  readonly background: string;
  readonly ratio: number;
  readonly required: number;
}

export interface ContrastReport {
  /** Elements whose text was judged. */
  readonly checked: number;
  /** Text with nothing under it but the page's transparent background (`transparentPage` only). */
  readonly skippedTransparent: number;
  /** Text over a background image or gradient, which has no single colour to judge against. */
  readonly skippedImage: number;
  readonly failures: ContrastFailure[];
}

export interface ContrastOptions {
  /**
   * The page's own background is transparent and something unknown shows through it (the overlay,
   * over video in OBS). Text with no panel of its own cannot be judged then and is only counted;
   * text on a panel, even a semi-transparent one, is judged against the worst of a range of scenes
   * behind it, from black to white. Otherwise what shows through is the browser's canvas.
   */
  readonly transparentPage?: boolean;
}

/** One line per failure, e.g. `span.tag "HIDDEN": #fde68a on #4b3a10 = 3.1:1 (needs 4.5)`. */
export const describeFailure = (f: ContrastFailure): string =>
  `${f.element} "${f.text}": ${f.color} on ${f.background} = ${f.ratio.toFixed(2)}:1 (needs ${f.required})`;

/**
 * Checks every visible element that has a text node of its own. Skipped, as WCAG exempts them or as
 * nobody sees them: disabled controls (`:disabled`, `aria-disabled="true"`), elements that are not
 * rendered, `visibility: hidden`, `opacity: 0` (on them or an ancestor), zero-size, and visually hidden
 * (screen-reader-only: clipped to 1 px or less). Text fields are judged on their value, or on their
 * placeholder when empty. Waits until no transition is running first, so no colour is caught half-way.
 *
 * The background is found by walking up the ancestors from the element, compositing each one's
 * background colour (alpha included) and `opacity` the way Chromium paints them. Limits: only DOM
 * ancestors count (something positioned over or under the text from elsewhere in the tree is not
 * seen), and text shadows, filters and blend modes are ignored.
 */
export async function contrastFailures(page: Page, options: ContrastOptions = {}): Promise<ContrastReport> {
  // Transitions (a slot turning current) interpolate colours: wait until no finite one is running
  // (an endless animation never settles, and a paused one stays where it is).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || !Number.isFinite(Number(a.effect?.getComputedTiming().endTime))),
  );
  return page.evaluate(({ transparentPage, normal, large }) => {
    type Rgba = readonly [number, number, number, number];
    type Rgb = readonly [number, number, number];

    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const parsed = new Map<string, Rgba>();
    /** Computed colours are `rgb()`/`rgba()` unless authored in another space; the canvas reads any. */
    function parse(css: string): Rgba {
      const known = parsed.get(css);
      if (known) return known;
      let rgba: Rgba;
      const match = /^rgba?\(([^)]*)\)$/.exec(css);
      if (match) {
        const [r = 0, g = 0, b = 0, a = 1] = match[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
        rgba = [r, g, b, a];
      } else {
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = css;
        probe.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0, a = 0] = probe.getImageData(0, 0, 1, 1).data;
        rgba = [r, g, b, a / 255];
      }
      parsed.set(css, rgba);
      return rgba;
    }
    // Browsers blend in sRGB, as these do.
    const over = (top: Rgba, under: Rgb): Rgb => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])) as unknown as Rgb;
    const mix = (from: Rgb, to: Rgb, t: number): Rgb => [0, 1, 2].map((i) => from[i]! * (1 - t) + to[i]! * t) as unknown as Rgb;
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const ratioOf = (a: Rgb, b: Rgb) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

    // What shows through a transparent root: the canvas (resolved in the root's colour scheme), or
    // for a transparent page an unknown scene, stood in for by greys from black to white.
    const canvasProbe = document.createElement('div');
    canvasProbe.style.backgroundColor = 'Canvas';
    document.documentElement.append(canvasProbe);
    const canvas = parse(getComputedStyle(canvasProbe).backgroundColor);
    canvasProbe.remove();
    const scenes: Rgb[] = transparentPage ? [0, 64, 128, 191, 255].map((v) => [v, v, v] as const) : [[canvas[0], canvas[1], canvas[2]]];

    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      return (
        el.tagName.toLowerCase() +
        (el.id ? `#${el.id}` : '') +
        [...el.classList].filter((c) => !c.startsWith('svelte-')).map((c) => `.${c}`).join('') +
        (testId ? `[data-testid=${testId}]` : '')
      );
    };
    /** Screen-reader-only: it, or an ancestor, is clipped to 1 px or less. */
    const visuallyHidden = (el: Element) => {
      for (let n: Element | null = el; n; n = n.parentElement) {
        const style = getComputedStyle(n);
        const box = n.getBoundingClientRect();
        const clipped = style.overflow !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none';
        if (clipped && (box.width <= 1 || box.height <= 1)) return true;
        if (style.clipPath.replace(/\s/g, '') === 'inset(50%)') return true;
      }
      return false;
    };
    const FIELD_TYPES = new Set(['text', 'search', 'number', 'email', 'url', 'tel', 'password', 'date', 'time']);
    /** The element's own text (its text nodes, or a field's value or placeholder), and which pseudo-element paints it. */
    function ownText(el: Element): { text: string; pseudo: string | null } | null {
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
        if (el instanceof HTMLInputElement && !FIELD_TYPES.has(el.type)) return null;
        if (el.value.trim()) return { text: el.value, pseudo: null };
        return el.placeholder.trim() ? { text: el.placeholder, pseudo: '::placeholder' } : null;
      }
      if (el instanceof HTMLSelectElement) {
        const text = el.selectedOptions[0]?.text ?? '';
        return text.trim() ? { text, pseudo: null } : null;
      }
      if (el instanceof HTMLOptionElement || el.closest('svg, script, style, template, noscript')) return null;
      const nodes = [...el.childNodes].filter((n): n is Text => n instanceof Text && /\S/.test(n.data));
      // Text the layout gave no box (e.g. clipped away entirely) is not seen.
      const shown = nodes.filter((n) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        return range.getClientRects().length > 0;
      });
      return shown.length > 0 ? { text: shown.map((n) => n.data).join(' '), pseudo: null } : null;
    }

    let checked = 0;
    let skippedTransparent = 0;
    let skippedImage = 0;
    const failures: {
      element: string;
      text: string;
      color: string;
      background: string;
      ratio: number;
      required: number;
    }[] = [];

    for (const el of document.body.querySelectorAll('*')) {
      const own = ownText(el);
      if (!own) continue;
      if (el.closest(':disabled, [aria-disabled="true"]')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || visuallyHidden(el)) continue;

      const style = getComputedStyle(el);
      const painted = getComputedStyle(el, own.pseudo);
      const text = parse(painted.webkitTextFillColor || painted.color);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const required = size >= 24 || (size >= 18.66 && bold) ? large : normal;

      // The chain from the root down to the element, with each one's background and opacity.
      const chain: { bg: Rgba; image: boolean; opacity: number }[] = [];
      for (let n: Element | null = el; n; n = n.parentElement) {
        const s = getComputedStyle(n);
        chain.unshift({ bg: parse(s.backgroundColor), image: s.backgroundImage !== 'none', opacity: Number(s.opacity) });
      }
      // Below the deepest opaque background (with nothing translucent above it) nothing shows
      // through, so painting starts there.
      let start = chain.length - 1;
      while (start >= 0 && !(chain[start]!.bg[3] >= 1 && chain.slice(0, start + 1).every((c) => c.opacity >= 1))) start--;
      const opaqueFromStart = start >= 0;
      const layers = chain.slice(Math.max(start, 0));
      // A gradient or image has no one colour to measure against (a gradient's colour under the
      // text depends on where the text sits): such text is skipped, and counted.
      if (layers.some((l) => l.image)) {
        skippedImage++;
        continue;
      }
      if (transparentPage && !opaqueFromStart && layers.every((l) => l.bg[3] === 0)) {
        skippedTransparent++;
        continue;
      }
      // Each layer paints its background over what is behind it, then its children; its opacity
      // blends the whole group with what was behind it. The same without the text is the panel.
      const paint = (i: number, behind: Rgb, withText: boolean): Rgb => {
        const layer = layers[i]!;
        let c = over(layer.bg, behind);
        c = i === layers.length - 1 ? (withText ? over(text, c) : c) : paint(i + 1, c, withText);
        return mix(behind, c, layer.opacity);
      };
      checked++;
      let worst: { ratio: number; fg: Rgb; bg: Rgb } | null = null;
      for (const scene of opaqueFromStart ? scenes.slice(0, 1) : scenes) {
        const fg = paint(0, scene, true);
        const bg = paint(0, scene, false);
        const ratio = ratioOf(fg, bg);
        if (!worst || ratio < worst.ratio) worst = { ratio, fg, bg };
      }
      if (worst && worst.ratio < required) {
        failures.push({
          element: describe(el),
          text: own.text.trim().replace(/\s+/g, ' ').slice(0, 40),
          color: hex(worst.fg),
          background: hex(worst.bg),
          ratio: Math.floor(worst.ratio * 100) / 100,
          required,
        });
      }
    }
    return { checked, skippedTransparent, skippedImage, failures };
  }, { transparentPage: options.transparentPage ?? false, normal: AA_NORMAL, large: AA_LARGE });
}
