/**
 * What counts as an address: SS58 with a valid checksum, of an accepted network, as a whole word;
 * and which options annotate() refuses before it changes anything.
 */
import { describe, expect, it } from 'vitest';
import { decodeBase58 } from '../../src/annotate/base58';
import { addressChecker, firstAddress } from '../../src/annotate/finder';
import { resolveAnnotateOptions } from '../../src/annotate/options';
import { ss58Prefix } from '../../src/annotate/ss58';
import { ADDRESSES } from '../service/fixtures.mjs';
import { addressNumber, badChecksum, encodeBase58, ss58 } from './pages.mjs';

describe('SS58 checksum', () => {
  it('accepts the sandbox fixtures and addresses made by the test encoder, with their network prefix', () => {
    for (const address of Object.values(ADDRESSES)) expect(ss58Prefix(address), address).toBe(0);
    expect(ss58Prefix(addressNumber(3, 2))).toBe(2);
    expect(ss58Prefix(addressNumber(3, 42))).toBe(42);
    // The well-known development account, as Substrate prints it.
    expect(ss58Prefix('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe(42);
  });

  it('refuses a changed character, a wrong length and characters outside base58', () => {
    expect(ss58Prefix(badChecksum(ADDRESSES.rich))).toBeUndefined();
    expect(ss58Prefix(ADDRESSES.rich.slice(0, -1))).toBeUndefined();
    expect(ss58Prefix(ADDRESSES.rich.replace('W', '0'))).toBeUndefined();
    expect(decodeBase58('0OIl')).toBeUndefined();
  });

  it('decodes base58 as the encoder wrote it, leading zero bytes included', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, 128]);
    expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes);
    expect(ss58(new Uint8Array(32).fill(5)).length).toBeGreaterThanOrEqual(47);
  });
});

describe('finding addresses in text', () => {
  const polkadot = addressChecker((prefix) => prefix == 0);

  it('finds whole words only, of accepted networks', () => {
    const kusama = addressNumber(4, 2);
    expect(firstAddress(`by ${ADDRESSES.rich}, ok`, polkadot)).toEqual({ address: ADDRESSES.rich, end: 3 + ADDRESSES.rich.length });
    expect(firstAddress(`x${ADDRESSES.rich}`, polkadot)).toBeUndefined();
    expect(firstAddress(`${ADDRESSES.rich}9`, polkadot)).toBeUndefined();
    expect(firstAddress(`${kusama} then ${ADDRESSES.noBadges}`, polkadot)?.address).toBe(ADDRESSES.noBadges);
    expect(firstAddress(`${badChecksum(ADDRESSES.rich)} ${ADDRESSES.fresh}`, polkadot)?.address).toBe(ADDRESSES.fresh);
  });
});

describe('annotate options', () => {
  it('takes networks and the ones to leave out', () => {
    const o = resolveAnnotateOptions({ baseUrl: 'https://proxy.example/rep', networks: 'all', excludeNetworks: [2] });
    expect([0, 2, 42].map(o.accepts)).toEqual([true, false, true]);
    expect([0, 2].map(resolveAnnotateOptions({ baseUrl: 'https://proxy.example' }).accepts)).toEqual([true, false]);
  });

  it('refuses what it cannot use, naming the option', () => {
    expect(() => resolveAnnotateOptions({ networks: 'polkadot' as never, baseUrl: '/x' })).toThrow(/"networks" must be/);
    expect(() => resolveAnnotateOptions({ theme: 'blue' as never, baseUrl: '/x' })).toThrow(/"theme"/);
    expect(() => resolveAnnotateOptions({ baseUrl: 'ftp://x' })).toThrow(/"baseUrl"/);
    expect(() => resolveAnnotateOptions({ baseUrl: '/x', network: [0] } as never)).toThrow(/did you mean "networks"/);
  });
});
