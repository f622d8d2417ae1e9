/**
 * README's option tables agree with the kind descriptors, so an option is described once: for each kind,
 * and for the options every kind accepts, README has a table (found by its heading, wherever
 * it sits) listing exactly those options, each with the descriptor's type and default. An
 * option added to a descriptor without its README row fails here. `npm run docs:options`
 * prints the tables from the descriptors.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_TABLES, KINDS, markdownTable, readmeTable, rowProblem, type ReadmeRow } from './option-tables';
import { COMMON_OPTIONS } from '../../src/widgets/common-options';
import { boolean } from '../../src/widgets/option-types';

// happy-dom's URL is the global one here; a path keeps to node:fs's terms.
const README = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../README.md'), 'utf8');

describe.each(DOCUMENTED_TABLES)('README, "$heading"', (table) => {
  const rows = readmeTable(README, table.heading);

  it('is a table listing exactly the options of the descriptor, once each', () => {
    expect(rows, `README has no table under a heading "${table.heading}"`).toBeDefined();
    const listed = rows!.map((row) => row.option);
    expect(new Set(listed).size, 'an option listed twice').toBe(listed.length);
    expect(listed.filter((name) => !table.extra.includes(name)).sort()).toEqual(Object.keys(table.options).sort());
  });

  it("gives each option the descriptor's type and default", () => {
    const problems = (rows ?? []).flatMap((row) => {
      const option = Object.hasOwn(table.options, row.option) ? table.options[row.option] : undefined;
      const problem = option && rowProblem(row, option, table.docs[row.option] ?? '', table.required.includes(row.option));
      return problem ? [`${row.option}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });
});

describe('the tables cover every option of every kind', () => {
  it.each(Object.entries(KINDS))('%s', (_, kind) => {
    const documented = DOCUMENTED_TABLES.filter(
      (t) => t.options == COMMON_OPTIONS || Object.keys(t.options).every((name) => Object.hasOwn(kind.options, name)),
    );
    const names = documented.flatMap((t) => Object.keys(t.options));
    expect(names.sort()).toEqual(Object.keys(kind.options).sort());
  });

  it('with a one-line description for each, and none for an option that is gone', () => {
    for (const table of DOCUMENTED_TABLES) {
      expect(Object.keys(table.docs).sort(), table.heading).toEqual(Object.keys(table.options).sort());
      for (const [name, doc] of Object.entries(table.docs)) expect(doc.trim(), `${table.heading}: ${name}`).toMatch(/^\S[^\n|]*$/);
    }
  });
});

describe('the check itself', () => {
  const flag = boolean(true, 'render');
  const row = (cells: Partial<ReadmeRow>): ReadmeRow => ({ option: 'flag', type: 'boolean', default: '`true`', ...cells });

  it('accepts the row the descriptor calls for, and refuses another type or default', () => {
    expect(rowProblem(row({}), flag, 'A flag.', false)).toBeUndefined();
    expect(rowProblem(row({ type: 'number' }), flag, 'A flag.', false)).toMatch(/type/);
    expect(rowProblem(row({ default: '`false`' }), flag, 'A flag.', false)).toMatch(/default/);
    expect(rowProblem(row({ default: 'required' }), flag, 'A flag.', false)).toMatch(/not required/);
    expect(rowProblem(row({}), flag, 'A flag.', true)).toMatch(/required/);
  });

  it('finds a table by its heading text at any level, and prints the tables from the descriptors', () => {
    const readme =
      '## Other\n\n| Option | Type | Default |\n|---|---|---|\n| `x` | string | none |\n\n### Mine\n\nText.\n\n| Option | Type | Default | Description |\n|---|---|---|---|\n| `flag` | boolean | `true` | a \\| b |\n';
    expect(readmeTable(readme, 'Mine')).toEqual([{ option: 'flag', type: 'boolean', default: '`true`' }]);
    expect(readmeTable(readme, 'Missing')).toBeUndefined();
    const printed = markdownTable(DOCUMENTED_TABLES[1]!);
    expect(readmeTable(printed, DOCUMENTED_TABLES[1]!.heading)!.map((r) => r.option)).toEqual(Object.keys(DOCUMENTED_TABLES[1]!.options));
  });
});
