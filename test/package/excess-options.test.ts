/**
 * README says TypeScript catches a misspelt option at compile time. A consumer of the packed
 * tarball passes object literals straight to `createWidget` and compiles them with TypeScript
 * 5 (the repository's `typescript`, pinned) and TypeScript 7 (`@typescript/native-preview`,
 * pinned; its `tsgo`): a misspelt or another kind's option is an error, and the return type is
 * still the widget class of the literal's `type`. Each mistake carries `@ts-expect-error`, so
 * a compiler that lets one through fails with "Unused '@ts-expect-error' directive"; the same
 * file without the directives must fail, naming each mistake, so the check cannot pass by
 * checking nothing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pack, ROOT, run } from './util';
import { STRICT_CONSUMER } from '../helpers/strict-consumer';

const cwd = join(pack().dir, 'ts');

/** The compilers, each as `[executable, ...arguments before -p]`. */
const COMPILERS = {
  'TypeScript 5': [process.execPath, `${ROOT}node_modules/typescript/bin/tsc`],
  'TypeScript 7 (native preview)': [process.execPath, `${ROOT}node_modules/@typescript/native-preview/bin/tsgo`],
} as const;

/** A misspelt option per line, each marked; the names the compiler must complain of. */
const MISTAKES = ['maxBadge', 'showcategories', 'maxBadges', 'categorykey'];

const USAGE = `import {
  createWidget,
  type AnyWidget,
  type BadgeWidget,
  type CategoryWidget,
  type ProfileWidget,
  type ReputationWidget,
  type WidgetConfig,
} from 'repkit';

const apiKey = 'demo-key';
const address = '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6';

// The return type is the widget class of the literal's type.
const badge: BadgeWidget = createWidget({ type: 'badge', apiKey, address, maxBadges: 3 });
const badges: BadgeWidget = createWidget({ type: 'badges', apiKey, address });
const reputation: ReputationWidget = createWidget({ type: 'reputation', apiKey, address, showCategories: false });
const profile: ProfileWidget = createWidget({ type: 'profile', apiKey, address, showBio: false });
const category: CategoryWidget = createWidget({ type: 'category', apiKey, address, categoryKey: 'governance' });
// @ts-expect-error a reputation widget is not a badge widget
const wrongKind: BadgeWidget = createWidget({ type: 'reputation', apiKey, address });

// A config typed elsewhere: any kind, any widget.
const config: WidgetConfig = { type: 'profile', apiKey, address };
const any: AnyWidget = createWidget(config);

// Misspelt options in a literal passed directly.
// @ts-expect-error maxBadge is not an option: maxBadges is
createWidget({ type: 'badge', apiKey, address, maxBadge: 3 });
// @ts-expect-error showcategories is not an option: showCategories is
createWidget({ type: 'reputation', apiKey, address, showcategories: false });
// @ts-expect-error maxBadges is the badge widget's, not the profile widget's
createWidget({ type: 'profile', apiKey, address, maxBadges: 3 });
// @ts-expect-error categorykey is not an option: categoryKey is
createWidget({ type: 'category', apiKey, address, categoryKey: 'governance', categorykey: 'x' });

export const widgets = [badge, badges, reputation, profile, category, wrongKind, any];
`;

const TSCONFIG = { compilerOptions: { ...STRICT_CONSUMER, noUncheckedIndexedAccess: false } };

beforeAll(() => {
  writeFileSync(join(cwd, 'excess.ts'), USAGE);
  writeFileSync(join(cwd, 'unmarked.ts'), USAGE.replace(/^\s*\/\/ @ts-expect-error.*\n/gm, '\n'));
  for (const file of ['excess', 'unmarked']) {
    writeFileSync(join(cwd, `tsconfig.${file}.json`), JSON.stringify({ ...TSCONFIG, files: [`${file}.ts`] }, null, 2));
  }
});

/** What compiling `project` printed, or 'ok'. */
const compile = ([command, ...args]: readonly string[], project: string): Promise<string> =>
  run(command!, [...args, '-p', `tsconfig.${project}.json`, '--pretty', 'false'], cwd, 90000).then(
    () => 'ok',
    (e: Error) => e.message,
  );

describe.each(Object.entries(COMPILERS))('createWidget in %s', (_, compiler) => {
  it('refuses a misspelt option in an object literal, and returns the widget class of its type', async () => {
    expect(await compile(compiler, 'excess')).toBe('ok');
  });

  it('(the same file without @ts-expect-error fails on each mistake, so the check is real)', async () => {
    const out = await compile(compiler, 'unmarked');
    for (const name of MISTAKES) expect(out).toContain(`'${name}'`);
    expect(out).toMatch(/ReputationWidget.*BadgeWidget|BadgeWidget.*ReputationWidget/s);
  });
});
