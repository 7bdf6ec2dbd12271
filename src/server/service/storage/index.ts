/** Storage: one PostgreSQL schema (PGlite or a server), a repository per family, counters. See define-repository.ts. */
export * as schema from './schema';
export {
  openStore,
  rows,
  dropSchema,
  isUniqueViolation,
  pgliteOf,
  type Db,
  type Tx,
  type Executor,
  type Store,
  type StoreOptions,
} from './database';
export {
  defineRepository,
  computedFilter,
  toIsoTimestamp,
  createdStamp,
  updatedStamp,
  isRowVersion,
  type Repository,
  type ListOptions,
  type ListPage,
  type FilterValue,
  type ComputedFilter,
} from './define-repository';
export { bumpCounter, rollMonth, currentUsageMonth, type CreatedCounter } from './counters';
export {
  encodeNextToken,
  decodeNextToken,
  describeList,
  afterPosition,
  listOrderBy,
  positionTime,
  type ListOrder,
  type ListPosition,
  type ListBinding,
} from './pagination';
export { runMigrations, listMigrations, checkStoreReady } from './database';
export { storageFault, STORAGE_FULL, type StorageFault } from './storage-errors';
export { ReadThroughCache, type WriteEpoch } from './write-epoch';
