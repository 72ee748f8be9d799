// The two fflate functions the link's texts use (programText.ts), as one small chunk
// loaded on demand: importing 'fflate' itself on demand would fetch all of it.
export { deflateSync, inflateSync } from 'fflate';
