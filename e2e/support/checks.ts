import type { Page } from 'playwright-core';

/** Roles a person operates; each needs a name a screen reader can say. */
const INTERACTIVE_ROLES = new Set(['button', 'link', 'textbox', 'spinbutton', 'combobox', 'checkbox', 'radio', 'searchbox', 'slider', 'switch']);

interface AxNode {
  readonly ignored?: boolean;
  readonly role?: { readonly value?: string };
  readonly name?: { readonly value?: string };
  readonly backendDOMNodeId?: number;
}

/** Interactive elements without an accessible name, as Chromium computes names (its accessibility tree). */
export async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    return nodes
      .filter((n) => !n.ignored && INTERACTIVE_ROLES.has(n.role?.value ?? '') && !(n.name?.value ?? '').trim())
      .map((n) => `${n.role?.value} (backend node ${n.backendDOMNodeId})`);
  } finally {
    await cdp.detach();
  }
}

/**
 * Disabled buttons that do not say why: no title, and no aria-describedby text (issue 15: "a disabled
 * button says why"). Each is named by its test id or its words.
 */
export const unexplainedDisabled = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('button:disabled')]
      .filter((b) => {
        const described = (b.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .some((id) => id && (document.getElementById(id)?.textContent ?? '').trim() !== '');
        return !(b.getAttribute('title') ?? '').trim() && !described;
      })
      .map((b) => b.getAttribute('data-testid') ?? (b.textContent ?? '').trim()),
  );

/** How far the page scrolls sideways (0 when everything fits the viewport's width), and what sticks out. */
export const horizontalOverflow = (page: Page): Promise<{ readonly px: number; readonly culprits: string[] }> =>
  page.evaluate(() => {
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${el.getBoundingClientRect().right}`);
    return { px: document.documentElement.scrollWidth - window.innerWidth, culprits };
  });

export interface HeapSample {
  readonly usedBytes: number;
  readonly nodes: number;
  readonly listeners: number;
}

/** The page's JS heap after a full garbage collection, with its DOM node and listener counts. */
export async function heapAfterGc(page: Page): Promise<HeapSample> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const counters = await cdp.send('Memory.getDOMCounters');
    return { usedBytes: usedSize, nodes: counters.nodes, listeners: counters.jsEventListeners };
  } finally {
    await cdp.detach();
  }
}
