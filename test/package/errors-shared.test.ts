/**
 * One error family for every ES entry of the installed package: what `repkit/proxy`,
 * `repkit/proxy/workers` or `repkit/server` throws is an instance of the classes `repkit` exports
 * (the ES build shares one module among its entries: rollup.config.mjs), so an application that imports them from different
 * entries can still tell its errors apart with `instanceof`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pack, run } from './util';

/** What the consumer script prints (one JSON line). */
interface Report {
  /** Each entry's thrown error against the classes imported from `repkit`. */
  thrown: Record<
    string,
    { name: string; option?: string; isOptionError: boolean; isRepkitError: boolean; guard: boolean; isTypeError: boolean }
  >;
  /** Whether each entry's exported class is the very one `repkit` exports. */
  sameClass: Record<string, boolean>;
  /** A mount error and a bad address from `repkit`, against the classes of `repkit/server`. */
  fromMain: Record<string, { name: string; isRepkitError: boolean; isOwnClass: boolean; isTypeError: boolean }>;
}

const SCRIPT = `
const R = await import('repkit');
const S = await import('repkit/server');
const P = await import('repkit/proxy');
const W = await import('repkit/proxy/workers');
const caught = (f) => { try { f(); } catch (e) { return e; } return undefined; };
const seen = (e) => ({
  name: e?.name,
  option: e?.option,
  isOptionError: e instanceof R.OptionError,
  isRepkitError: e instanceof R.RepkitError,
  guard: R.isRepkitError(e),
  isTypeError: e instanceof TypeError,
});
const widget = R.createWidget({ type: 'reputation', apiKey: 'k', address: 'x' });
widget.destroy();
const fromMain = {
  MountError: caught(() => widget.mount('#nowhere')),
  OptionError: await new R.ServiceClient({ apiKey: 'k' }).getScores('..').catch((e) => e),
};
console.log(JSON.stringify({
  thrown: {
    'repkit/proxy': seen(caught(() => P.createProxy({ apiKey: 'k', metadataTtlSeconds: 'long' }))),
    'repkit/proxy/workers': seen(caught(() => W.workersStore({}))),
    'repkit/server': seen(caught(() => S.renderToString({ type: 'reputation', apiKey: 'k' }, {}))),
    repkit: seen(caught(() => new R.ServiceClient({ apiKey: '' }))),
  },
  sameClass: {
    'repkit/proxy OptionError': P.OptionError === R.OptionError,
    'repkit/proxy RepkitError': P.RepkitError === R.RepkitError,
    'repkit/server ServiceError': S.ServiceError === R.ServiceError,
    'repkit/server MountError': S.MountError === R.MountError,
  },
  fromMain: Object.fromEntries(
    Object.entries(fromMain).map(([name, e]) => [name, { name: e?.name, isRepkitError: e instanceof S.RepkitError, isOwnClass: e instanceof S[name], isTypeError: e instanceof TypeError }]),
  ),
}));
`;

describe('the error classes are shared by every ES entry point', () => {
  it('instanceof holds across repkit, repkit/server, repkit/proxy and repkit/proxy/workers', async () => {
    const cwd = join(pack().dir, 'esm');
    writeFileSync(join(cwd, 'errors-shared.mjs'), SCRIPT);
    const report = JSON.parse((await run(process.execPath, ['errors-shared.mjs'], cwd)).trim().split('\n').pop()!) as Report;
    for (const [entry, thrown] of Object.entries(report.thrown)) {
      expect(thrown, entry).toMatchObject({
        name: 'OptionError',
        isOptionError: true,
        isRepkitError: true,
        guard: true,
        isTypeError: true,
      });
    }
    expect(report.thrown['repkit/proxy']!.option).toBe('metadataTtlSeconds');
    expect(report.thrown['repkit/proxy/workers']!.option).toBe('kv');
    expect(Object.values(report.sameClass)).toEqual([true, true, true, true]);
    expect(report.fromMain).toEqual({
      MountError: { name: 'MountError', isRepkitError: true, isOwnClass: true, isTypeError: false },
      OptionError: { name: 'OptionError', isRepkitError: true, isOwnClass: true, isTypeError: true },
    });
  });
});
