/** The organization screen's URL state: pageSize/cursor page the organizations list at the bottom of the screen. */
import { z } from 'zod/mini';
import { paginationSearch } from '@/components/data-table/pagination';

export const organizationSearchSchema = z.object({ ...paginationSearch });
