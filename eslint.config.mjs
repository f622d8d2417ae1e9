// @ts-check
// Lint for `npm test`: typescript-eslint's strict rules on the library and the tests (.ts), the
// recommended JavaScript rules on everything, the .mjs scripts included (the demo, the sandbox,
// the benchmarks), whose types tsc checks from their JSDoc.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'examples/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict.map((config) => ({ ...config, files: ['**/*.ts'] })),
  {
    files: ['**/*.ts'],
    rules: {
      // TypeScript checks names itself; core no-undef does not know the DOM or Node types.
      'no-undef': 'off',
      // tsconfig does not turn on noUncheckedIndexedAccess, so `!` is rarely needed; where it is
      // used it marks a value the code has just bounded (a regex match, an index below length).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `const { dropped: _, ...rest }` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
    },
  },
  {
    // The library, with type information: an assertion (`as T`, `!`) that changes nothing is an
    // error, so those that remain each say something tsc cannot see. (react.ts and preact.ts are
    // typed against libraries only consumers install: tsconfig.json leaves them out.)
    files: ['src/**/*.ts'],
    ignores: ['src/react.ts', 'src/preact.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Scripts that run in Node: the sandbox's server, the benchmarks, the build and test helpers.
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-unused-vars': ['error', { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
    },
  },
  {
    // Modules the browser loads as they are: the demo page, and the fixtures and fault builders
    // it shares with the sandbox. The benchmarks' evaluate() callbacks run in the page too.
    files: ['demo/demo.mjs', 'test/service/fixtures.mjs', 'test/service/faults.mjs', 'test/bench/*.mjs'],
    languageOptions: { globals: globals.browser },
  },
);
