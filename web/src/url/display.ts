// How the page is shown, written in the link beside the view (viewParams.ts):
//   present=1   presentation mode: large type, thick lines, the charts a page at a time
//               (which page is shown stays out of the link: present/chartPages.ts says why)
//   embed=1     one view with minimal chrome, for an iframe in slides or a course page
//   palette=cb  the colour-blind-safe palette (Okabe-Ito) on its own
// Each is written only when set, so links made before them read the same.
import { shown } from '../model/sweep/sweep';
import type { PaletteName, ViewState } from '../model/views';

export type { PaletteName };

const KEYS = ['present', 'embed', 'palette'] as const;

export function isDisplayKey(key: string): boolean {
  return (KEYS as readonly string[]).includes(key);
}

export function encodeDisplayParams(v: Pick<ViewState, 'present' | 'embed' | 'palette'>): string[] {
  const parts: string[] = [];
  if (v.present) parts.push('present=1');
  if (v.embed) parts.push('embed=1');
  if (v.palette === 'cb') parts.push('palette=cb');
  return parts;
}

/** Sets one display flag from the link; returns a message when the value is wrong. */
export function decodeDisplayParam(state: ViewState, key: string, val: string): string | undefined {
  if (key === 'palette') {
    if (val === 'cb' || val === 'standard') {
      if (val === 'cb') state.palette = 'cb';
      return undefined;
    }
    return `palette must be cb or standard, got ${shown(val)} — using standard`;
  }
  if (val === '1') state[key as 'present' | 'embed'] = true;
  else if (val !== '0') return `${key} must be 1 or 0, got ${shown(val)} — ignored`;
  return undefined;
}

/** The palette the charts use: presentation mode brings the colour-blind-safe one. */
export function paletteOf(v: Pick<ViewState, 'present' | 'palette'>): PaletteName {
  return v.present || v.palette === 'cb' ? 'cb' : 'standard';
}
