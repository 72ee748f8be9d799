// How the page is shown (presentation, embed), for components deep in the tree that
// size themselves from it (the live charts' heights) without a prop through each level.
import { createContext, useContext } from 'react';

export interface Display {
  present: boolean;
  embed: boolean;
}

export const DisplayContext = createContext<Display>({ present: false, embed: false });

export function useDisplay(): Display {
  return useContext(DisplayContext);
}
