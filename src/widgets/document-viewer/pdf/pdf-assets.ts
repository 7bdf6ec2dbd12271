/**
 * Where pdf.js finds its run-time assets. vite.config.ts serves node_modules/pdfjs-dist/{cmaps,standard_fonts,wasm,iccs}
 * at `<base>pdfjs/` in dev and copies them into the build; without `wasm`, JBIG2 black-and-white scans render blank.
 */
const base = `${import.meta.env.BASE_URL}pdfjs/`;

export const pdfAssetOptions = {
  cMapUrl: `${base}cmaps/`,
  cMapPacked: true,
  standardFontDataUrl: `${base}standard_fonts/`,
  wasmUrl: `${base}wasm/`,
  iccUrl: `${base}iccs/`,
  // The console's CSP has no 'unsafe-eval': pdf.js must not compile fonts with `new Function`.
  isEvalSupported: false,
} as const;

export const pdfWorkerUrl = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
