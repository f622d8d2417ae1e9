/**
 * The teardowns of everything a widget holds open (listeners, observers, timers, a request), by
 * key: holding a new one under a key releases the old, and `releaseAll()` ends them all, so
 * nothing can be left running by a teardown forgotten by name.
 */
export class Disposers {
  #held = new Map<unknown, () => void>();

  /** Holds `dispose` under `key`, releasing what the key held before. `undefined` only releases. */
  hold(key: unknown, dispose: (() => void) | undefined): void {
    this.release(key);
    if (dispose) this.#held.set(key, dispose);
  }

  /** Whether something is held under `key`. */
  has(key: unknown): boolean {
    return this.#held.has(key);
  }

  /** Runs and drops what `key` holds. */
  release(key: unknown): void {
    const dispose = this.#held.get(key);
    this.#held.delete(key);
    dispose?.();
  }

  /** Runs and drops everything held. */
  releaseAll(): void {
    for (const key of [...this.#held.keys()]) this.release(key);
  }
}

/** Adds `listener` for `type` on `target`; returns its removal. */
export const listen = (target: EventTarget, type: string, listener: (event: Event) => void, capture = false): (() => void) => {
  target.addEventListener(type, listener, capture);
  return () => target.removeEventListener(type, listener, capture);
};
