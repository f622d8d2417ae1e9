import { check, type Rule } from '../client/validate';
import { canonicalLocale } from '../render/format';
import { isRecord, parseJson } from '../util/values';
import type { SvgOptions } from './svg';
import type { CachedAnswer } from './types';

/**
 * What the SVG badge routes add around the drawing (./svg): reading their query, the data out
 * of a cached answer, and the HTTP caching of images (ETag, max-age for image proxies).
 */

export const SVG_TYPE = 'image/svg+xml; charset=utf-8';

/**
 * Seconds a neutral badge (no data to show) may be kept: short, so that a README shows the
 * real badge soon after the service is back, without asking on every view.
 */
export const NEUTRAL_MAX_AGE = 60;

/** The locale of a badge whose URL names none, or one Intl does not take: English words and numbers. */
export const DEFAULT_SVG_LOCALE = 'en';

/**
 * Headers of every badge answer besides caching. Opened on its own, an SVG is a document: no
 * policy lets anything in it run or load, whatever a title might hold.
 */
export const SVG_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': SVG_TYPE,
  'Content-Security-Policy': "default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
};

/** A badge's look from its URL: `theme=light|dark` (default light), `locale`, and `compact` when present. */
export const svgOptionsOf = (query: URLSearchParams): SvgOptions => {
  let locale = DEFAULT_SVG_LOCALE;
  const asked = query.get('locale');
  if (asked) {
    try {
      locale = canonicalLocale(asked);
      // A tag Intl canonicalises but cannot format in still fails here, before drawing.
      new Intl.NumberFormat(locale);
    } catch {
      locale = DEFAULT_SVG_LOCALE;
    }
  }
  return { theme: query.get('theme') == 'dark' ? 'dark' : 'light', locale, compact: query.has('compact') };
};

/**
 * The record in a cached 200 answer, checked as the client checks it (so the badge draws what
 * a widget would), or undefined for anything else.
 */
export const recordOf = <T>(answer: CachedAnswer, rule: Rule<T>): T | undefined => {
  if (answer.status != 200) return undefined;
  const envelope = parseJson(answer.body);
  const data: unknown = isRecord(envelope) ? envelope.data : undefined;
  try {
    return check(rule, data);
  } catch {
    // check() throws the client's failure at the first field that is wrong.
    return undefined;
  }
};

/**
 * A strong ETag of a badge: FNV-1a (32 bits) of its text and its length. Synchronous and the
 * same on every runtime (Node 18 has no global `crypto`); a collision would need two badges of
 * one URL with equal length and hash, and costs at most one stale image until max-age.
 */
export const etagOf = (svg: string): string => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < svg.length; i++) {
    hash ^= svg.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `"${(hash >>> 0).toString(16).padStart(8, '0')}-${svg.length.toString(16)}"`;
};

/**
 * Whether `If-None-Match` names this ETag. The comparison is weak (RFC 9110): a CDN that
 * compressed the answer may have turned the ETag into `W/"…"`, which still names this badge.
 */
export const matchesEtag = (ifNoneMatch: string | null, etag: string): boolean =>
  !!ifNoneMatch && (ifNoneMatch.trim() == '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') == etag));
