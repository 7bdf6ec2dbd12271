// pako 1 (utif2's inflate dependency) ships no types; the worker only hands it to utif2.
declare module 'pako' {
  const pako: { inflateRaw(data: Uint8Array): Uint8Array; inflate(data: Uint8Array): Uint8Array };
  export default pako;
}
