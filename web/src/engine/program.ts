// Checks a program of the `custom` congestion control (docs/custom-cc.md) without
// running it: the engine's own parser answers (plab_check_program on the page's
// main-thread module, sweepEngine.ts), so the editor underlines exactly what a run
// would refuse.
import { loadSweepEngine, sweepEngine } from './sweepEngine';

export interface ProgramError {
  /** 1-based line and columns; end_col is one past the last character underlined. */
  line: number;
  col: number;
  end_col: number;
  message: string;
}

export interface ProgramCheck {
  ok: boolean;
  errors: ProgramError[];
}

/** The engine's check of `text`, or null while the engine module is still loading. */
export function checkProgramNow(text: string): ProgramCheck | null {
  const engine = sweepEngine();
  return engine ? (JSON.parse(engine.checkProgram(text)) as ProgramCheck) : null;
}

/** The engine's check of `text` (loads the engine module first if needed). */
export async function checkProgram(text: string): Promise<ProgramCheck> {
  const engine = await loadSweepEngine();
  return JSON.parse(engine.checkProgram(text)) as ProgramCheck;
}
