import { importCache } from '../chunks/loaders';
import type { StorageAreas } from './storage-area';

/** The page's Web Storage for `cache` once its chunk (./storage-area) has loaded. */
let areas: StorageAreas | undefined;
let loading: Promise<StorageAreas | undefined> | undefined;

/** The storage of `cache` if its chunk has loaded already: a stored answer is then shown in this task. */
export const loadedAreas = (): StorageAreas | undefined => areas;

/** Loads the storage of `cache`, once per page; `undefined` when it cannot: the widget then works without a cache. */
export const loadAreas = (): Promise<StorageAreas | undefined> =>
  // `.catch` after the call: a file that loads but is not the chunk (a stale copy, a server
  // answering every path with one script) counts as one that cannot load.
  (loading ??= importCache()
    .then(({ storageAreas }) => (areas = storageAreas()))
    .catch(() => undefined));
