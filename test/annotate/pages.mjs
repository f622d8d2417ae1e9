// @ts-check
/**
 * Pages for the annotate tests and benchmark (test/browser/annotate.test.ts,
 * test/bench/annotate-bench.mjs): valid SS58 addresses made here (an encoder of our own, checked
 * against the sandbox's fixtures, which are valid Polkadot addresses), and a forum thread built
 * from them as a forum prints one: posts of short paragraphs, addresses in running text and in
 * explorer links, some in places repkit must leave alone, and base58 words that only look like one.
 */
import { blake2b } from '@noble/hashes/blake2.js';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** @param {Uint8Array} bytes */
export const encodeBase58 = (bytes) => {
  /** @type {number[]} little-endian base-58 digits */
  const digits = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i] * 256;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    for (; carry; carry = Math.floor(carry / 58)) digits.push(carry % 58);
  }
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] == 0) zeros++;
  return (
    '1'.repeat(zeros) +
    digits
      .reverse()
      .map((d) => ALPHABET[d])
      .join('')
  );
};

/**
 * The SS58 address of a 32-byte account under a one-byte network `prefix` (0: Polkadot).
 * @param {Uint8Array} account
 * @param {number} [prefix]
 */
export const ss58 = (account, prefix = 0) => {
  const body = Uint8Array.from([prefix, ...account]);
  const hash = blake2b(Uint8Array.from([...new TextEncoder().encode('SS58PRE'), ...body]));
  return encodeBase58(Uint8Array.from([...body, hash[0], hash[1]]));
};

/**
 * A made-up account's address, distinct for each `n` and `seed`.
 * @param {number} n
 * @param {number} [prefix]
 * @param {number} [seed]
 */
export const addressNumber = (n, prefix = 0, seed = 7) =>
  ss58(
    Uint8Array.from({ length: 32 }, (_, i) => (n * 31 + i * seed + (n >> 8)) & 0xff),
    prefix,
  );

/**
 * The same address with its last character changed: still 47-48 base58 characters, checksum wrong.
 * @param {string} address
 */
export const badChecksum = (address) => address.slice(0, -1) + (address.at(-1) == 'z' ? 'y' : 'z');

/** Escapes text for HTML. @param {string} text */
const esc = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const WORDS = 'the treasury proposal asks for funds to run the indexer another year and the council voted on it last week'.split(' ');

/** @param {number} n @param {number} words */
const filler = (n, words) => Array.from({ length: words }, (_, i) => WORDS[(n * 7 + i) % WORDS.length]).join(' ');

/**
 * @typedef {object} ForumPage
 * @property {string} body the body's HTML, without scripts
 * @property {string[]} annotated the addresses that must get a chip, in document order (repeats included)
 * @property {string[]} distinct the distinct addresses among them
 * @property {number} textNodes how many text nodes the body holds
 */

/**
 * A forum thread: `posts` posts of `nodesPerPost` text nodes; `addresses` valid addresses in
 * running text (`distinct` of them, the sandbox's fixtures first), one in eight of them inside a
 * link to an explorer; plus `bad` base58 words with a wrong checksum, and addresses inside `code`,
 * `pre`, a `textarea`, an `input`, `[data-repkit-ignore]` and a contenteditable reply box, which
 * must get none.
 * @param {{ posts: number, nodesPerPost: number, addresses: number, distinct: number, bad: number, fixtures?: string[], seed?: number }} shape
 * @returns {ForumPage}
 */
export const forumPage = ({ posts, nodesPerPost, addresses, distinct, bad, fixtures = [], seed = 7 }) => {
  const pool = Array.from({ length: distinct }, (_, i) => fixtures[i] ?? addressNumber(i, 0, seed));
  /** @type {string[]} */
  const annotated = [];
  let nextAddress = 0;
  let nextBad = 0;
  let textNodes = 0;
  const perPost = addresses / posts;
  const badPerPost = bad / posts;
  const html = [];
  for (let p = 0; p < posts; p++) {
    const want = Math.round((p + 1) * perPost) - Math.round(p * perPost);
    const wantBad = Math.round((p + 1) * badPerPost) - Math.round(p * badPerPost);
    // Paragraphs of one text node each, after the header's two (text, then the author's name).
    const paragraphs = [];
    for (let t = 0; t < nodesPerPost - 2; t++) paragraphs.push(filler(p + t, 8 + ((p + t) % 9)));
    for (let a = 0; a < want; a++) {
      const address = pool[nextAddress++ % pool.length];
      annotated.push(address);
      const t = (a * 3 + p) % paragraphs.length;
      paragraphs[t] += ` ${nextAddress % 8 == 0 ? `\u0000LINK${address}\u0000` : address} ${filler(a + p, 3)}`;
    }
    for (let b = 0; b < wantBad; b++) {
      const t = (b * 5 + p + 1) % paragraphs.length;
      paragraphs[t] += ` ${badChecksum(pool[(nextBad++ * 3) % pool.length])} ${filler(b, 2)}`;
    }
    const rendered = paragraphs.map((text) => {
      // A paragraph with a link is three text nodes (before, the link's, after) for one: keep the count.
      const parts = text.split('\u0000');
      textNodes += parts.filter(Boolean).length;
      return `<p>${parts.map((part) => (part.startsWith('LINK') ? `<a href="https://polkadot.subscan.io/account/${part.slice(4)}">${esc(part.slice(4))}</a>` : esc(part))).join('')}</p>`;
    });
    textNodes += 2;
    html.push(`<article class="post" id="post-${p}"><header>Post ${p + 1} by <b>member${p}</b></header>${rendered.join('')}</article>`);
  }
  const excluded = pool[0];
  const fenced = [
    `<pre><code>transfer(${excluded})</code></pre>`,
    `<p>Inline <code>${excluded}</code> code</p>`,
    `<textarea>${excluded}</textarea>`,
    `<input value="${excluded}">`,
    `<div data-repkit-ignore><p>Quoted: ${excluded}</p></div>`,
    `<div contenteditable="true">Reply to ${excluded}</div>`,
  ];
  textNodes += 7;
  return {
    body: `<main><h1>Treasury proposal #42</h1>${html.join('')}${fenced.join('')}</main>`,
    annotated,
    distinct: [...new Set(annotated)],
    textNodes,
  };
};
