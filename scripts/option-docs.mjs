// @ts-check
/**
 * Every widget option as the one place it is described says: the JSDoc (with `@default`) of the
 * public options interfaces, `BaseWidgetOptions` in src/widgets/common-options.ts and each kind's
 * `<Kind>WidgetOptions` in src/widgets/kinds/<kind>/options.ts; and the same for the client's
 * and the proxy's options. The TypeScript compiler reads them as an editor's hover does.
 *
 * The option tables of docs/reference.md are generated from this (test/docs/option-tables.ts), and the demo page's
 * option controls are built from it: the sandbox serves it as /demo/options.json (test/service/sandbox.mjs).
 * It reads the sources, so it runs in a checkout with typescript installed, never in the browser.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository root: this file is in demo/. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One option as its interface documents it.
 * @typedef {object} DocumentedOption
 * @property {string} name
 * @property {string} type the type as TypeScript writes it, without `undefined`
 * @property {string} description the JSDoc text, one paragraph
 * @property {string} [default] the JSDoc `@default` value as written (`'light'`, `6`), if any
 * @property {unknown} [defaultValue] the value `default` names (`'light'` → "light"), when it is
 *   a literal JSON can hold
 * @property {boolean} required
 */

/**
 * The documented options: the common ones (every kind accepts them), and each kind's own, by
 * the kind's folder name, in the interface's order.
 * @typedef {object} OptionDocs
 * @property {DocumentedOption[]} common
 * @property {Record<string, DocumentedOption[]>} kinds the options a kind adds to the common ones
 * @property {DocumentedOption[]} client the options of `new ServiceClient()`
 * @property {DocumentedOption[]} proxy the options of `createProxy()` (`ProxyOptions` in src/proxy/types.ts)
 * @property {DocumentedOption[]} card the fields of its option `card` (`CardOptions` in src/proxy/share/options.ts)
 * @property {DocumentedOption[]} messages every message a visitor sees or hears (`Messages` in
 *   src/i18n/messages.ts): `name` is its English text, `type` `string` or `Plural`
 */

/**
 * A `@default` as written (`'light'`, `6`, `true`) as the value it names; undefined when it is
 * not a literal (the `@default` text is then only for reading).
 * @param {string} text
 * @returns {unknown}
 */
const literal = (text) => {
  try {
    // A string in single quotes, or an object literal with bare keys (`{ requests: 60 }`), as JSON.
    return JSON.parse(text.replace(/^'(.*)'$/, '"$1"').replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":'));
  } catch {
    return undefined;
  }
};

/**
 * The properties of the interface `name` in `file`, inherited ones included: required options
 * first, then the inherited ones, then the interface's own, each in declaration order.
 * @param {ts.Program} program
 * @param {string} file
 * @param {string} name
 * @returns {DocumentedOption[]}
 */
function interfaceOptions(program, file, name) {
  const checker = program.getTypeChecker();
  const declaration = program
    .getSourceFile(file)
    ?.statements.find(/** @returns {s is ts.InterfaceDeclaration} */ (s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!declaration) throw new Error(`${file} declares no interface ${name}`);
  const type = checker.getTypeAtLocation(declaration.name);
  /** @type {(symbol: ts.Symbol) => number} */
  const rank = (symbol) =>
    !(symbol.flags & ts.SymbolFlags.Optional) ? 0 : symbol.declarations?.some((d) => d.parent === declaration) ? 2 : 1;
  const properties = checker.getPropertiesOfType(type).map((symbol, i) => ({ symbol, i }));
  properties.sort((a, b) => rank(a.symbol) - rank(b.symbol) || a.i - b.i);
  return properties.map(({ symbol }) => {
    const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
    const fallback = symbol.getJsDocTags(checker).find((tag) => tag.name === 'default');
    const written = fallback ? ts.displayPartsToString(fallback.text).trim() : undefined;
    return {
      name: symbol.name,
      type: checker.typeToString(
        propertyType,
        undefined,
        ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType,
      ),
      description: ts.displayPartsToString(symbol.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim(),
      ...(written !== undefined ? { default: written, defaultValue: literal(written) } : {}),
      required: !(symbol.flags & ts.SymbolFlags.Optional),
    };
  });
}

/** @type {OptionDocs | undefined} */
let cached;

/**
 * Reads the options interfaces (about a second, once per process): the common options and,
 * for every folder of src/widgets/kinds (one kind each, as rollup.config.mjs finds them), the
 * options of its `<Kind>WidgetOptions` that are not common ones.
 * @returns {OptionDocs}
 */
export function optionDocs() {
  if (cached) return cached;
  const kindsDir = path.join(ROOT, 'src/widgets/kinds');
  const kinds = readdirSync(kindsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const commonFile = path.join(ROOT, 'src/widgets/common-options.ts');
  /** @type {(kind: string) => string} */
  const kindFile = (kind) => path.join(kindsDir, kind, 'options.ts');
  const proxyFile = path.join(ROOT, 'src/proxy/types.ts');
  const program = ts.createProgram([commonFile, proxyFile, ...kinds.map(kindFile)], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    noEmit: true,
  });
  const common = interfaceOptions(program, commonFile, 'BaseWidgetOptions');
  const commonNames = new Set(common.map((o) => o.name));
  /** @type {(kind: string) => string} `badge` → `BadgeWidgetOptions` */
  const interfaceName = (kind) => `${kind[0]?.toUpperCase()}${kind.slice(1)}WidgetOptions`;
  cached = {
    common,
    // The widgets' options import it, so the program holds it already.
    client: interfaceOptions(program, path.join(ROOT, 'src/client/options.ts'), 'ClientOptions'),
    proxy: interfaceOptions(program, proxyFile, 'ProxyOptions'),
    // ProxyOptions imports it, so the program holds it already.
    card: interfaceOptions(program, path.join(ROOT, 'src/proxy/share/options.ts'), 'CardOptions'),
    // The `messages` option's type imports the catalogue: the program holds it too.
    messages: interfaceOptions(program, path.join(ROOT, 'src/i18n/messages.ts'), 'Messages'),
    kinds: Object.fromEntries(
      kinds.map((kind) => [kind, interfaceOptions(program, kindFile(kind), interfaceName(kind)).filter((o) => !commonNames.has(o.name))]),
    ),
  };
  return cached;
}
