import { getRouteApi } from '@tanstack/react-router';
import type { DocumentsSearch } from './documents-search';

/** The documents list's route: its search holds the filters, the order and the page. */
export const documentsRoute = getRouteApi('/_authenticated/documents/');

/**
 * Changes the documents list's search. The update gets the latest search (not this render's: a second change before
 * the first has loaded must keep it).
 */
export function useDocumentsSearchChange() {
  const navigate = documentsRoute.useNavigate();
  return (update: (current: DocumentsSearch) => DocumentsSearch) => void navigate({ search: update });
}
