import { getRouteApi } from '@tanstack/react-router';

/** The document page's route: its id, and the model whose fields are offered as labels (`?modelId=`). */
export const documentRoute = getRouteApi('/_authenticated/documents/$documentId');
