// Lint for `npm test`: typescript-eslint's strict rules on the library and the tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'examples/**', 'artifacts/**', 'demo/**', '**/*.mjs', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts'],
    rules: {
      // TypeScript checks names itself; core no-undef does not know the DOM or Node types.
      'no-undef': 'off',
      // tsconfig has noUncheckedIndexedAccess: every index read is `T | undefined`, and `!`
      // marks one the code has just bounded (a regex match, an index below length).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `const { dropped: _, ...rest }` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
    },
  },
);
