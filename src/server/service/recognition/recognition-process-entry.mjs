// Entry of the recognition process. It starts without the TypeScript loader the service runs under (tsx, or
// vitest's runner), so it registers tsx's and imports the TypeScript module itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./recognition-process.ts', import.meta.url);
