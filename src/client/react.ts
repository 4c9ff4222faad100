/**
 * The React APIs docgen's client code uses, as ES module bindings (bundle/client.ts `esmReact`): React ships as
 * CommonJS, so esbuild calls it through its interop object, `(0,x.useState)(…)`; through these constants each call
 * is a plain identifier. A site's own theme components import React itself.
 */
import * as React from 'react';
import * as runtime from 'react/jsx-runtime';

export const Component = React.Component;
export const Fragment = React.Fragment;
export const StrictMode = React.StrictMode;
export const createContext = React.createContext;
export const createElement = React.createElement;
export const useCallback = React.useCallback;
export const useContext = React.useContext;
export const useEffect = React.useEffect;
export const useId = React.useId;
export const useRef = React.useRef;
export const useState = React.useState;
/** React's automatic JSX runtime, which JSX compiles to (`react/jsx-runtime`). */
export const jsx = runtime.jsx;
export const jsxs = runtime.jsxs;
