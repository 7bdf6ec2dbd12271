/** Messages between the viewer and the TIFF worker. */
export type TiffPageInfo = {
  width: number;
  height: number;
  /** pixels per inch, 96 when the file does not say */ dpiX: number;
  dpiY: number;
};

export type TiffRequest =
  | { id: number; type: 'open'; bytes: ArrayBuffer }
  | { id: number; type: 'page'; index: number; /** downscale to this width (thumbnails) */ width?: number };

export type TiffResponse =
  | { id: number; type: 'opened'; pages: TiffPageInfo[] }
  | { id: number; type: 'page'; bitmap: ImageBitmap }
  | { id: number; type: 'error'; message: string };
