import { describe, expect, it } from 'vitest';
import { SharedViewAssembler } from './shared-view.js';
import { diff } from './view-patch.js';

type View = { readonly turn: string; readonly hp: Record<string, number | string>; readonly mine?: string };

const publicAt = (turn: string, ariaHp: string): View => ({ turn, hp: { aria: ariaHp, goblin: 'bloodied' } });
const seatAt = (turn: string, ariaHp: number): View => ({ turn, hp: { aria: ariaHp, goblin: 'bloodied' }, mine: 'aria' });

describe('SharedViewAssembler', () => {
  it('merges the own part into the public view, at version public + own', () => {
    const parts = new SharedViewAssembler<View>();
    const p1 = publicAt('aria', 'unhurt');
    const s1 = seatAt('aria', 20);
    // A seat's first frames: its own part, then the public view it goes with.
    expect(parts.receive({ kind: 'own', message: { version: 0, public: 7, ops: diff(p1, s1) } })).toEqual({ kind: 'wait' });
    expect(parts.receive({ kind: 'public-view', message: { version: 7, view: p1 } })).toEqual({ kind: 'view', version: 7, view: s1 });
    // A public change alone: the own part held still applies.
    const p2 = publicAt('goblin', 'unhurt');
    expect(parts.receive({ kind: 'public-patch', message: { version: 8, base: 7, ops: diff(p1, p2) } })).toEqual({ kind: 'view', version: 8, view: seatAt('goblin', 20) });
    // Both change: the own part comes first and waits for its public change.
    const p3 = publicAt('goblin', 'bloodied');
    const s3 = seatAt('goblin', 9);
    expect(parts.receive({ kind: 'own', message: { version: 1, public: 9, ops: diff(p3, s3) } })).toEqual({ kind: 'wait' });
    expect(parts.receive({ kind: 'public-patch', message: { version: 9, base: 8, ops: diff(p2, p3) } })).toEqual({ kind: 'view', version: 10, view: s3 });
    // The own part alone (a resource spent): applies to the public view held.
    const s4 = { ...s3, mine: 'aria (Ki 2)' };
    expect(parts.receive({ kind: 'own', message: { version: 2, public: 9, ops: diff(p3, s4) } })).toEqual({ kind: 'view', version: 11, view: s4 });
  });

  it('gives a spectator the public view at the public version', () => {
    const parts = new SharedViewAssembler<View>();
    const p1 = publicAt('aria', 'unhurt');
    expect(parts.receive({ kind: 'public-view', message: { version: 3, view: p1 } })).toEqual({ kind: 'view', version: 3, view: p1 });
  });

  it('reports a gap for a patch to another base or one that does not fit, and starts over from sync parts', () => {
    const parts = new SharedViewAssembler<View>();
    const p1 = publicAt('aria', 'unhurt');
    parts.receive({ kind: 'public-view', message: { version: 3, view: p1 } });
    expect(parts.receive({ kind: 'public-patch', message: { version: 5, base: 4, ops: [] } })).toEqual({ kind: 'gap' });
    expect(parts.receive({ kind: 'public-patch', message: { version: 4, base: 3, ops: [{ op: 'remove', path: '/nothing' }] } })).toEqual({ kind: 'gap' });
    // An old patch is ignored, not a gap.
    expect(parts.receive({ kind: 'public-patch', message: { version: 3, base: 2, ops: [] } })).toEqual({ kind: 'wait' });
    const p5 = publicAt('goblin', 'dying');
    const s5 = seatAt('goblin', 0);
    expect(parts.reset({ public: { version: 5, view: p5 }, own: { version: 4, public: 5, ops: diff(p5, s5) } })).toEqual({ kind: 'view', version: 9, view: s5 });
    // After a clear (a new connection), nothing is a base until the parts come again.
    parts.clear();
    expect(parts.receive({ kind: 'public-patch', message: { version: 6, base: 5, ops: [] } })).toEqual({ kind: 'gap' });
  });
});
