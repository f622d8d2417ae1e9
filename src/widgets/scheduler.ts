/**
 * One render pass per frame for every widget in a window. Answers that arrive while a frame is
 * pending wait for it together, so a page of widgets pays for one style recalc and one layout
 * instead of one per answer.
 */

/** The frame promise each window has pending, shared by every widget that waits. */
const pending = new WeakMap<object, Promise<void>>();

/**
 * If the frame never comes (the tab went to the background after the request was made:
 * browsers stop animation frames there), the pass runs anyway after this long.
 */
export const FRAME_FALLBACK_MS = 100;

/**
 * Resolves just before `win` next paints, so that work awaiting it is drawn in that frame.
 * Without `requestAnimationFrame`, or in a hidden document (where it does not fire and nothing
 * is painted), it resolves after the current task instead. Callers awaiting the same frame
 * resume one after another in one task, before style and layout run.
 */
export const nextFrame = (win: (Window & typeof globalThis) | null | undefined): Promise<void> => {
  const scope: object = win ?? globalThis;
  let frame = pending.get(scope);
  if (frame) return frame;
  const raf = win?.requestAnimationFrame;
  const visible = typeof raf == 'function' && win!.document?.visibilityState != 'hidden';
  frame = new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = (): void => {
      if (pending.get(scope) !== frame) return;
      pending.delete(scope);
      clearTimeout(timer);
      resolve();
    };
    if (visible) {
      timer = setTimeout(flush, FRAME_FALLBACK_MS);
      raf.call(win, flush);
    } else {
      // A macrotask, not a microtask: answers that arrive in the same task still share a pass.
      timer = setTimeout(flush, 0);
    }
  });
  pending.set(scope, frame);
  return frame;
};

/**
 * Resolves in the task after `win` has really drawn a frame: after a `requestAnimationFrame`
 * callback (which a hidden document does not run until it is shown, unlike {@link nextFrame}'s
 * fallback), then a timer. Without `requestAnimationFrame` nothing is drawn, and it never
 * resolves. Not shared between callers: a frame request that never runs (a stub, a document
 * gone) then holds up only its own caller.
 */
export const frameDrawn = (win: (Window & typeof globalThis) | null | undefined): Promise<void> =>
  new Promise<void>((resolve) => {
    const raf = win?.requestAnimationFrame;
    if (typeof raf == 'function') raf.call(win, () => setTimeout(resolve, 0));
  });
