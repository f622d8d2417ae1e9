/**
 * README's option tables, derived from the kind descriptors so they cannot drift: which table
 * documents which options, the rows the descriptors call for, the same rows as markdown (for
 * `npm run docs:options`), and a reader for the tables README has. Not a test file itself;
 * ./readme-options.test.ts compares the two.
 */
import { COMMON_OPTIONS } from '../../src/widgets/common-options';
import { badgeKind } from '../../src/widgets/kinds/badge';
import { categoryKind } from '../../src/widgets/kinds/category';
import { profileKind } from '../../src/widgets/kinds/profile';
import { reputationKind } from '../../src/widgets/kinds/reputation';
import { OPTION_DOCS } from '../../src/widgets/option-docs';
import type { Option, OptionTable } from '../../src/widgets/option-types';

/** Every kind's descriptor by `type` (`badges` is an alias of `badge`). */
export const KINDS = {
  reputation: reputationKind,
  badge: badgeKind,
  badges: badgeKind,
  profile: profileKind,
  category: categoryKind,
} as const;

/** One README table: its heading, the options it lists, and which of them are required. */
export interface DocumentedTable {
  heading: string;
  options: OptionTable;
  required: readonly string[];
  /** Rows README may add that are not options of the table (`type` is createWidget's). */
  extra: readonly string[];
  /** Each option's one line (src/widgets/option-docs.ts). */
  docs: Readonly<Record<string, string>>;
}

const own = (
  kind: { options: OptionTable; required: readonly string[] },
  heading: string,
  docs: Record<string, string>,
): DocumentedTable => ({
  heading,
  docs,
  options: Object.fromEntries(Object.entries(kind.options).filter(([name]) => !Object.hasOwn(COMMON_OPTIONS, name))),
  required: kind.required.filter((name) => !Object.hasOwn(COMMON_OPTIONS, name)),
  extra: [],
});

/** Every option table README must have, found by heading text wherever the heading sits. */
export const DOCUMENTED_TABLES: readonly DocumentedTable[] = [
  {
    heading: 'Options every kind accepts',
    options: COMMON_OPTIONS as OptionTable,
    required: ['address'],
    extra: ['type'],
    docs: OPTION_DOCS.common,
  },
  own(KINDS.reputation, 'Reputation widget options', OPTION_DOCS.reputation),
  own(KINDS.badge, 'Badge widget options', OPTION_DOCS.badge),
  own(KINDS.profile, 'Profile widget options', OPTION_DOCS.profile),
  own(KINDS.category, 'Category widget options', OPTION_DOCS.category),
];

/** How README writes a default value: a literal in backticks, strings in single quotes. */
export const defaultCell = (option: Option<unknown>, required: boolean): string =>
  required
    ? 'required'
    : option.default === undefined
      ? 'none'
      : '`' + (typeof option.default == 'string' ? `'${option.default}'` : String(option.default)) + '`';

/** How README writes a type: the descriptor's, with single quotes and literals in backticks. */
export const typeCell = (option: Option<unknown>): string =>
  option.type == 'function' ? 'function' : option.type.replace(/"([^"]*)"/g, "`'$1'`");

/** The rows of `table` as markdown, with each option's one-line doc as its description. */
export const markdownTable = (table: DocumentedTable): string =>
  [
    `#### ${table.heading}`,
    '',
    '| Option | Type | Default | Description |',
    '|---|---|---|---|',
    ...Object.entries(table.options).map(
      ([name, option]) =>
        `| \`${name}\` | ${typeCell(option)} | ${defaultCell(option, table.required.includes(name))} | ${table.docs[name]} |`,
    ),
  ].join('\n');

/** A row of a README option table, cells as written. */
export interface ReadmeRow {
  option: string;
  type: string;
  default: string;
}

/** Splits a markdown table row on `|`, keeping the escaped `\|` inside cells. */
const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/**
 * The first table under the heading whose text is `heading` (any level), before the next
 * heading; undefined when README has no such heading or no table under it.
 */
export const readmeTable = (readme: string, heading: string): ReadmeRow[] | undefined => {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s*/, '').trim() == heading);
  if (start < 0) return undefined;
  let i = start + 1;
  while (i < lines.length && !/^#{1,6}\s/.test(lines[i]!) && !lines[i]!.trim().startsWith('|')) i++;
  if (i >= lines.length || !lines[i]!.trim().startsWith('|')) return undefined;
  const header = cells(lines[i]!).map((cell) => cell.toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const rows: ReadmeRow[] = [];
  for (i += 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) {
    const row = cells(lines[i]!);
    rows.push({ option: row[column('option')]!.replace(/`/g, ''), type: row[column('type')] ?? '', default: row[column('default')] ?? '' });
  }
  return rows;
};

/** A cell compared loosely: no backticks, one quote style, `\|` as `|`, no spaces. */
const loose = (cell: string): string => cell.replace(/\\\|/g, '|').replace(/`/g, '').replace(/"/g, "'").replace(/\s+/g, '');

/**
 * What is wrong with README's row for `name` against its descriptor, or undefined. The type
 * must be the descriptor's (a number's range may be left to the description, a callback may
 * be written as its signature); the default must be the descriptor's literal, "required" for a
 * required option (or one required "unless" another is set), and something else otherwise.
 */
export const rowProblem = (row: ReadmeRow, option: Option<unknown>, doc: string, required: boolean): string | undefined => {
  const type = loose(row.type);
  const expectedType = loose(typeCell(option));
  const typeOk =
    type == expectedType || (option.type.startsWith('number') && type == 'number') || (option.type == 'function' && type.includes('=>'));
  if (!typeOk) return `type ${JSON.stringify(row.type)}, the descriptor says ${JSON.stringify(option.type)}`;
  const cell = row.default.trim();
  if (required) return cell.startsWith('required') ? undefined : `default ${JSON.stringify(cell)} for a required option`;
  if (cell.startsWith('required')) {
    return /unless/.test(cell) ? undefined : `default ${JSON.stringify(cell)} for an option that is not required`;
  }
  if (option.default === undefined) {
    // A literal only where the option's own doc names it (baseUrl's default is the client's).
    return /^`[^`]*`$/.test(cell) && !doc.includes(cell) ? `default ${JSON.stringify(cell)} for an option without one` : undefined;
  }
  const expected = loose(defaultCell(option, false));
  return loose(cell) == expected ? undefined : `default ${JSON.stringify(cell)}, the descriptor says ${defaultCell(option, false)}`;
};
