/**
 * The teardowns of everything a widget holds open (listeners, observers, timers, a request), by
 * key: holding a new one under a key releases the old, and `releaseAll()` ends them all, so
 * nothing can be left running by a teardown forgotten by name. `has(key)` tells whether
 * something is held under a key.
 */
export class Disposers extends Map<unknown, () => void> {
  /** Holds `dispose` under `key`, releasing what the key held before. `undefined` only releases. */
  hold(key: unknown, dispose: (() => void) | undefined): void {
    this.release(key);
    if (dispose) this.set(key, dispose);
  }

  /** Runs and drops what `key` holds. */
  release(key: unknown): void {
    const dispose = this.get(key);
    this.delete(key);
    dispose?.();
  }

  /** Runs and drops everything held. */
  releaseAll(): void {
    for (const key of [...this.keys()]) this.release(key);
  }
}
