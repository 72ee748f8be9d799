// The Emscripten glue (wasm/dist/plab.mjs), aliased as 'plab-glue' in web/vite.config.ts.
declare module 'plab-glue' {
  export interface PlabModule {
    ccall(name: string, returnType: 'number' | 'string' | null, argTypes: string[], args: unknown[]): unknown;
    cwrap(name: string, returnType: 'number' | 'string' | null, argTypes: string[]): (...args: unknown[]) => unknown;
    UTF8ToString(ptr: number, maxBytesToRead?: number): string;
    HEAPF64: Float64Array;
    [name: string]: unknown;
  }
  const createPlab: (moduleArg?: Record<string, unknown>) => Promise<PlabModule>;
  export default createPlab;
}
