/** The document screen's URL state: the model whose fields are shown beside the document. */
import { z } from 'zod/mini';

export const documentSearchSchema = z.object({
  modelId: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
});
