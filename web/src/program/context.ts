// What a program's editor needs from the lab, wherever its field is drawn: the language
// as the engine's schema declares it, and the engine's check. The app provides it
// (App.tsx); a page without an engine gets "no language" and a check that says so.
import { createContext } from 'react';
import type { CheckProgram, LanguageDecl } from './languageDecl';

export interface ProgramSupport {
  language: LanguageDecl | null;
  check: CheckProgram;
}

export const ProgramContext = createContext<ProgramSupport>({
  language: null,
  check: async () => ({ ok: false, errors: [{ line: 1, col: 1, message: 'the engine is not loaded' }] }),
});
