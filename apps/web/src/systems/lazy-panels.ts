// A system's panel, downloaded when a page first needs it: each page (console, phone) bundles the
// loaders only, so a table playing one system never downloads the other systems' controls.
import type { SystemId } from '@roundkeeper/rules';
import type { PanelLoader, SystemPanel } from './types.js';

/** The panel of a system, or undefined when it has none; one download per system, the same promise after. */
export function lazyPanels(loaderOf: (id: SystemId) => PanelLoader | undefined): (id: SystemId) => Promise<SystemPanel | undefined> {
  const loaded = new Map<SystemId, Promise<SystemPanel | undefined>>();
  return (id) => {
    let panel = loaded.get(id);
    if (!panel) {
      const load = loaderOf(id);
      panel = load ? load().then((m) => m.default) : Promise.resolve(undefined);
      loaded.set(id, panel);
    }
    return panel;
  };
}
