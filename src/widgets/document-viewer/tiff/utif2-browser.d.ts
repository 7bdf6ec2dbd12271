// utif2's own declarations start with `import 'node'`, which would bring Node's globals (process, Buffer) into the
// browser project (tsconfig.browser.json maps `utif2` here; Vite bundles the real module). The part the TIFF worker
// uses, with browser types only.
export interface IFD {
  [property: string]: string[] | number[] | number | Uint8Array;
  data: Uint8Array;
  width: number;
  height: number;
}

export function decode(buffer: ArrayBuffer): IFD[];
export function decodeImage(buffer: ArrayBuffer, ifd: IFD): void;
export function toRGBA8(ifd: IFD): Uint8Array;

declare const UTIF: { decode: typeof decode; decodeImage: typeof decodeImage; toRGBA8: typeof toRGBA8 };
export default UTIF;
