// The editor's check: the engine's own parser on the page's main-thread module
// (engine/program.ts, plab_check_program), read defensively (languageDecl.ts).
import { checkProgram } from '../engine/program';
import { readCheck, type CheckResult } from './languageDecl';

export async function engineCheck(text: string): Promise<CheckResult> {
  try {
    return readCheck(await checkProgram(text));
  } catch (e) {
    return {
      ok: false,
      errors: [{ line: 1, col: 1, message: `the engine could not check the program: ${String(e)}` }],
    };
  }
}
