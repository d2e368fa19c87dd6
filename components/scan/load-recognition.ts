// The scanned or typed link's recognition (./recognize-link.ts, with the verify paths it knows),
// loaded after /qr-scan's first paint: the scanner asks for it as soon as it is interactive and
// again (from the module cache) when a code is read or typed.
export const loadRecognition = () => import('./recognize-link');
