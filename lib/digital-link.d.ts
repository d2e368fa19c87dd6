// digital-link.js ships no types: the little the GS1 resolver (lib/api/gs1/resolve.ts) and its tests use.
declare module 'digital-link.js' {
  const digitalLink: {
    DigitalLink: (uri: string) => { isValid: () => boolean };
    Utils: { compressWebUri: (uri: string) => string; decompressWebUri: (uri: string) => string; isCompressedWebUri: (uri: string) => boolean };
  };
  export default digitalLink;
}
