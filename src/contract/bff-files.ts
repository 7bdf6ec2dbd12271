/**
 * The BFF's file proxy, `GET`/`PUT /bff/file?url=<fileUrl>`: a document's or run variables' file URL as the service
 * gave it, fetched or uploaded on the service's origin or a `DPS_FILE_ORIGINS` origin only.
 */
import { z } from 'zod/mini';
import { stringSchema } from './primitives';

export const fileQuerySchema = z.object({ url: stringSchema() });
