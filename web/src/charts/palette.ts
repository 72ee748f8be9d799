// The colours of the live charts, by role (what a mark means), in two palettes:
// "standard", the lab's own, and "cb", Okabe & Ito's eight colours ("Color Universal
// Design", 2008), which stay distinct for the common colour-vision deficiencies and on
// a washed-out projector. Presentation mode uses "cb"; palette=cb selects it on its own.
// Charts read the palette through usePalette(), so switching it redraws every chart.
// Protocols and flows are told apart by compareSeries.ts's PALETTE, which is Okabe–Ito's
// order already (then distinct extras), in both palettes.
import { createContext, useContext } from 'react';
import type { PaletteName } from '../url/display';

export interface RoleColors {
  cwnd: string;
  ssthresh: string;
  fastRetransmit: string;
  partialAck: string;
  timeout: string;
  earlyRetransmit: string;
  ecnResponse: string;
  rate: string;
  equation: string;
  throughput: string;
  lossRate: string;
  tokens: string;
  allowed: string;
  app: string;
  // The time–sequence chart.
  sent: string;
  retransmitted: string;
  acked: string;
  sackBlock: string;
}

const STANDARD: RoleColors = {
  cwnd: '#1f6fb2',
  ssthresh: '#e07b00',
  fastRetransmit: '#2a9d4b',
  partialAck: '#8e44ad',
  timeout: '#d62828',
  earlyRetransmit: '#0b8fb0',
  ecnResponse: '#b8860b',
  rate: '#1f6fb2',
  equation: '#e07b00',
  throughput: '#2a9d4b',
  lossRate: '#d62828',
  tokens: '#0f8b8d',
  allowed: '#6b6b6b',
  app: '#7b3fa0',
  sent: '#1f6fb2',
  retransmitted: '#d62828',
  acked: '#2a9d4b',
  sackBlock: '#8e44ad',
};

// Okabe–Ito: black #000000, orange #E69F00, sky blue #56B4E9, bluish green #009E73,
// yellow #F0E442, blue #0072B2, vermillion #D55E00, reddish purple #CC79A7. Yellow and
// sky blue are too light for thin marks on white; they are left to large areas.
const OKABE_ITO: RoleColors = {
  cwnd: '#0072b2',
  ssthresh: '#e69f00',
  fastRetransmit: '#009e73',
  partialAck: '#cc79a7',
  timeout: '#d55e00',
  earlyRetransmit: '#000000',
  ecnResponse: '#e69f00',
  rate: '#0072b2',
  equation: '#e69f00',
  throughput: '#009e73',
  lossRate: '#d55e00',
  tokens: '#0072b2',
  allowed: '#000000',
  app: '#cc79a7',
  sent: '#0072b2',
  retransmitted: '#d55e00',
  acked: '#009e73',
  sackBlock: '#cc79a7',
};

export const PALETTES: Record<PaletteName, RoleColors> = { standard: STANDARD, cb: OKABE_ITO };

export const PaletteContext = createContext<PaletteName>('standard');

/** The role colours of the palette the page shows. */
export function usePalette(): RoleColors {
  return PALETTES[useContext(PaletteContext)];
}
