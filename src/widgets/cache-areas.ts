import { importCache } from '../chunks/loaders';
import type { StorageAreas } from './storage-area';
import { areaOf, CURRENT_PREFIX, STORAGE_PREFIX, storedText } from './storage';

/** The writing half of `cache` (./storage-area), once its chunk has loaded. */
let areas: StorageAreas | undefined;
let loading: Promise<StorageAreas | undefined> | undefined;

/**
 * Loads the writing half of `cache`, once per page; `undefined` when it cannot: the widget then
 * shows what is stored but stores nothing new. Reading needs no chunk (./storage), so a stored
 * answer is still drawn in the first frame. A widget with a cache starts this as it starts
 * loading, so the chunk is usually there before the answer is.
 */
export const loadAreas = (): Promise<StorageAreas | undefined> =>
  (loading ??= importCache().then(
    ({ storageAreas }) => (areas = storageAreas({ prefix: STORAGE_PREFIX, current: CURRENT_PREFIX, areaOf, storedText })),
    () => undefined,
  ));

/** Runs `change` on the storage: at once when its chunk is there, else once it has loaded (never, if it cannot). */
export const changeStorage = (change: (storage: StorageAreas) => void): void => {
  if (areas) change(areas);
  else void loadAreas().then((loaded) => loaded && change(loaded));
};
