/**
 * One path segment from user input, percent-encoded. Empty, `.` and `..` are refused: encoding
 * leaves dots alone and URL parsing would drop such a segment and reach another endpoint.
 */
export const segment = (name: string, value: unknown): string => {
  if (typeof value != 'string' || !value.trim() || value == '.' || value == '..') {
    throw new TypeError(
      `repkit: ${name} must be a non-empty string other than "." and "..", got ${typeof value == 'string' ? JSON.stringify(value) : String(value)}`,
    );
  }
  return encodeURIComponent(value);
};
