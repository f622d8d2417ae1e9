/**
 * README's option tables, generated from the one place each option is described: the JSDoc of
 * the public options interfaces (`BaseWidgetOptions` in src/widgets/common-options.ts, and each
 * kind's `<Kind>WidgetOptions` in src/widgets/kinds/<kind>/options.ts). The TypeScript compiler
 * reads them as an editor's hover does. ./readme-options.test.ts keeps README equal to these
 * tables, and `npm run docs:options -- --write` rewrites README's tables from them.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { COMMON_OPTIONS } from '../../src/widgets/common-options';
import { KINDS } from '../../src/widgets/kinds';
import type { OptionTable } from '../../src/widgets/option-types';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** One option as its interface documents it. */
export interface DocumentedOption {
  name: string;
  /** The type as TypeScript writes it, without `undefined`. */
  type: string;
  /** The JSDoc text, one paragraph. */
  description: string;
  /** The JSDoc `@default` value as written (`'light'`, `6`), if any. */
  default?: string;
  required: boolean;
}

/** One README table: its heading and the options it documents, in the interface's order. */
export interface DocumentedTable {
  heading: string;
  /** The kind's runtime option table, to check the documented defaults against. */
  table: OptionTable;
  options: DocumentedOption[];
  /** Rows README has that are not options of the interface (`type` is createWidget's). */
  extra: readonly string[];
}

/** Every kind's folder, by the `type` that builds it (aliases left out) and its README heading. */
const KIND_TABLES = [
  { kind: 'reputation', heading: 'Reputation widget options', name: 'ReputationWidgetOptions' },
  { kind: 'badge', heading: 'Badge widget options', name: 'BadgeWidgetOptions' },
  { kind: 'profile', heading: 'Profile widget options', name: 'ProfileWidgetOptions' },
  { kind: 'category', heading: 'Category widget options', name: 'CategoryWidgetOptions' },
] as const;

const files = [
  join(ROOT, 'src/widgets/common-options.ts'),
  ...KIND_TABLES.map(({ kind }) => join(ROOT, `src/widgets/kinds/${kind}/options.ts`)),
];

let checker: ts.TypeChecker | undefined;
let program: ts.Program | undefined;

/** The compiler's view of the options files, made once (about a second). */
const compiler = (): { program: ts.Program; checker: ts.TypeChecker } => {
  program ??= ts.createProgram(files, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    noEmit: true,
  });
  checker ??= program.getTypeChecker();
  return { program, checker };
};

/** The properties of the interface `name` in `file`, inherited ones included, in declaration order. */
const interfaceOptions = (file: string, name: string): DocumentedOption[] => {
  const { program, checker } = compiler();
  const source = program.getSourceFile(file);
  const declaration = source?.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text == name);
  if (!declaration) throw new Error(`${file} declares no interface ${name}`);
  const type = checker.getTypeAtLocation(declaration.name);
  // Required options first, then the client's (inherited), then the interface's own.
  const rank = (symbol: ts.Symbol): number =>
    !(symbol.flags & ts.SymbolFlags.Optional) ? 0 : symbol.declarations?.some((d) => d.parent == declaration) ? 2 : 1;
  const properties = checker.getPropertiesOfType(type).map((symbol, i) => ({ symbol, i }));
  properties.sort((a, b) => rank(a.symbol) - rank(b.symbol) || a.i - b.i);
  return properties.map(({ symbol }) => {
    const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
    const fallback = symbol.getJsDocTags(checker).find((tag) => tag.name == 'default');
    return {
      name: symbol.name,
      type: checker.typeToString(
        propertyType,
        undefined,
        ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType,
      ),
      description: ts.displayPartsToString(symbol.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim(),
      ...(fallback ? { default: ts.displayPartsToString(fallback.text).trim() } : {}),
      required: !(symbol.flags & ts.SymbolFlags.Optional),
    };
  });
};

/** Every option table README must have, found by heading text wherever the heading sits. */
export const documentedTables = (): DocumentedTable[] => {
  const common = interfaceOptions(files[0]!, 'BaseWidgetOptions');
  const commonNames = new Set(common.map((o) => o.name));
  return [
    { heading: 'Options every kind accepts', table: COMMON_OPTIONS, options: common, extra: ['type'] },
    ...KIND_TABLES.map(({ kind, heading, name }) => ({
      heading,
      table: KINDS[kind].options,
      options: interfaceOptions(join(ROOT, `src/widgets/kinds/${kind}/options.ts`), name).filter((o) => !commonNames.has(o.name)),
      extra: [],
    })),
  ];
};

/** A markdown cell: pipes escaped, as they would end the cell. */
const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** README's default cell: "required", the `@default` literal, or "none". */
export const defaultCell = (option: DocumentedOption): string =>
  option.required ? 'required' : option.default !== undefined ? '`' + option.default + '`' : 'none';

/** One option's README row. */
export const markdownRow = (option: DocumentedOption): string =>
  `| \`${option.name}\` | ${cell('`' + option.type + '`')} | ${cell(defaultCell(option))} | ${cell(option.description)} |`;

/** The rows of `table` as markdown, under its heading (the `type` row of the common table first). */
export const markdownTable = (table: DocumentedTable): string =>
  [
    `#### ${table.heading}`,
    '',
    '| Option | Type | Default | Description |',
    '|---|---|---|---|',
    ...(table.extra.includes('type') ? [TYPE_ROW] : []),
    ...table.options.map(markdownRow),
  ].join('\n');

/** `createWidget`'s own option, which no interface of options holds (it picks the interface). */
export const TYPE_ROW =
  "| `type` | `'reputation' \\| 'badge' \\| 'badges' \\| 'profile' \\| 'category'` | required | Which widget to build (`createWidget` and the element; `'badges'` is an alias of `'badge'`). |";

/**
 * The lines of the table under the heading whose text is `heading` (any level), before the next
 * heading; undefined when README has no such heading or no table under it.
 */
export const readmeTableLines = (readme: string, heading: string): { start: number; lines: string[] } | undefined => {
  const lines = readme.split('\n');
  const at = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s*/, '').trim() == heading);
  if (at < 0) return undefined;
  let i = at + 1;
  while (i < lines.length && !/^#{1,6}\s/.test(lines[i]!) && !lines[i]!.trim().startsWith('|')) i++;
  if (i >= lines.length || !lines[i]!.trim().startsWith('|')) return undefined;
  const start = i;
  while (i < lines.length && lines[i]!.trim().startsWith('|')) i++;
  return { start, lines: lines.slice(start, i) };
};

/** `readme` with each documented table replaced by the one generated from the interfaces. */
export const rewriteReadme = (readme: string, tables: DocumentedTable[]): string => {
  let text = readme;
  for (const table of tables) {
    const found = readmeTableLines(text, table.heading);
    if (!found) throw new Error(`README has no table under a heading "${table.heading}"`);
    const lines = text.split('\n');
    const generated = markdownTable(table).split('\n').slice(2);
    lines.splice(found.start, found.lines.length, ...generated);
    text = lines.join('\n');
  }
  return text;
};
