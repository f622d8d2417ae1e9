/**
 * The error a caller's abort rejects with: the signal's own reason when it is an `AbortError`
 * (the default), else an `AbortError` that carries the reason's message, so that every abort
 * can be recognised by `name` alone.
 */
export const abortError = (signal?: AbortSignal): unknown => {
  // `reason` is typed `any`: any value can be one, so only optional fields are read.
  const reason: Partial<Error> | undefined = signal?.reason;
  return reason?.name == 'AbortError'
    ? reason
    : new DOMException(typeof reason?.message == 'string' ? reason.message : 'The operation was aborted.', 'AbortError');
};
