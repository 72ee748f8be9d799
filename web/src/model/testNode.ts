// Node's fs and child_process for the unit tests that run the native CLI beside the WASM
// engine (presets.test.ts, sweepPlan.test.ts), imported at run time so that the page's
// type check needs no Node types.
export interface NodeFs {
  existsSync(path: string): boolean;
  mkdtempSync(prefix: string): string;
  writeFileSync(path: string, data: string): void;
  rmSync(path: string, options: { recursive: boolean; force: boolean }): void;
}
export interface NodeChildProcess {
  spawnSync(
    command: string,
    args: string[],
    options: object,
  ): { status: number | null; stdout: string; stderr: string };
}
export const nodeModule = <T>(name: string) => import(/* @vite-ignore */ name) as Promise<T>;
