import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The layering of the house, enforced: the desktop side never reaches into the Service, and the
// contract runner never reaches into the simulator (a bug on one side must not hide on the other).
export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'scratch/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['simulator/desktop/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/service/**', 'express'], message: 'desktop/ must not depend on the Service or HTTP' }] },
      ],
    },
  },
  {
    files: ['contract-tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/simulator/**'], message: 'contract-tests/ builds its own validators from the spec; never import the simulator' }] },
      ],
    },
  },
  {
    files: ['bin/**/*.js'],
    languageOptions: { globals: { process: 'readonly' } },
  },
);
