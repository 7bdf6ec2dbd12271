/**
 * utif2 looks for pako through `require` (absent in an ES module worker) or `self.pako`, once, when it loads. Without
 * it every Deflate-compressed TIFF fails in the production build. Imported before utif2 so `self.pako` is set first.
 */
import pako from 'pako';

(self as unknown as { pako: typeof pako }).pako = pako;
