// What a program's editor needs from the lab, wherever its field is drawn: the language
// as the engine's schema declares it, and the engine's check. The app provides it
// (App.tsx); a page without an engine gets "no language" and a check that says so.
import { createContext } from 'react';
import type { LabSource } from '../state/useLab';
import type { CheckProgram, LanguageDecl } from './languageDecl';

export interface ProgramSupport {
  language: LanguageDecl | null;
  check: CheckProgram;
  /** The lab's store, for the trace of a round beside the editor (its run's result and
   * the round asked for); none in a page or test without one. */
  source?: LabSource;
}

export const ProgramContext = createContext<ProgramSupport>({
  language: null,
  check: async () => ({ ok: false, errors: [{ line: 1, col: 1, message: 'the engine is not loaded' }] }),
});
