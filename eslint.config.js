import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A layer's files may not import values from these paths (type imports may cross). */
function layer(files, forbidden, message) {
  return [
    {
      files: [files],
      ignores: ['**/*.test.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: forbidden, message, allowTypeImports: true }] }] },
    },
  ];
}

// The layering of the house, enforced: the desktop side never reaches into the Service, and the
// contract runner never reaches into the simulator (a bug on one side must not hide on the other).
export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'scratch/**', '.scratch/**'] },
  js.configs.recommended,
  {
    // The dashboard's one script runs in the browser.
    files: ['simulator/service/dashboard/assets/*.js'],
    languageOptions: { globals: { document: 'readonly', navigator: 'readonly', setTimeout: 'readonly' } },
  },
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
  // The layers inside the desktop (decision 15): books and engine <- views <- the table, its rules
  // and reports <- CompanyFile; nothing below reaches up. Type imports may cross (a port's shape).
  ...layer('simulator/desktop/values/**/*.ts', ['**/storage/**', '**/books/**', '**/engine/**', '**/table/**', '**/rules/**', '**/views/**', '**/queries/**', '**/reports/**', '**/machine/**', '**/CompanyFile.ts', '**/DesktopApplication.ts', '**/DesktopHost.ts', '**/removeTransaction.ts', '**/bulkBalances.ts'], 'values/ (json, money, dates, errors, vocabulary) reads only its own'),
  ...layer('simulator/desktop/storage/**/*.ts', ['**/books/**', '**/engine/**', '**/table/**', '**/rules/**', '**/views/**', '**/queries/**', '**/reports/**', '**/machine/**', '**/CompanyFile.ts', '**/DesktopApplication.ts', '**/removeTransaction.ts'], 'storage/ keeps the company file\'s tables: it reads nothing above it'),
  ...layer('simulator/desktop/books/**/*.ts', ['**/rules/**', '**/table/typeTable*', '**/table/transactionRows*', '**/table/payrollAndBudgetRows*', '**/engine/**', '**/views/**', '**/reports/**', '**/CompanyFile.ts', '**/DesktopApplication.ts', '**/removeTransaction.ts'], 'books/ keeps the books: it reads no rules, table, engine, view or report'),
  ...layer('simulator/desktop/engine/**/*.ts', ['**/books/**', '**/rules/**', '**/views/**', '**/queries/**', '**/reports/**'], 'engine/ reads the type table and the schema: no books, rules, views, queries or reports'),
  ...layer('simulator/desktop/views/**/*.ts', ['**/rules/**', '**/table/typeTable*', '**/table/transactionRows*', '**/table/payrollAndBudgetRows*', '**/reports/**', '**/CompanyFile.ts', '**/removeTransaction.ts'], 'views/ read the books and the model: no table, rules or reports'),
  ...layer('simulator/desktop/reports/**/*.ts', ['**/rules/**', '**/table/typeTable*', '**/table/transactionRows*', '**/table/payrollAndBudgetRows*', '**/CompanyFile.ts', '**/DesktopApplication.ts', '**/removeTransaction.ts'], 'reports/ read the books, the model and the views: no table or rules'),
  ...layer('simulator/desktop/{table,rules}/**/*.ts', ['**/reports/**', '**/removeTransaction.ts'], 'table/ and rules/ (the type table and each type\'s arithmetic) never read reports or the write pipeline'),
  // storage/ is the only code that writes SQL; queries/ compiles list filters into the conditions
  // storage runs, and tests may read the file to check it. `store.db` is refused too: through it,
  // `exec` and `transaction` are SQL by other names.
  {
    files: ['simulator/desktop/**/*.ts'],
    ignores: ['simulator/desktop/storage/**', 'simulator/desktop/queries/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='prepare']",
          "CallExpression[callee.property.name='pragma']",
          "CallExpression[callee.property.name='statement']",
          "MemberExpression[property.name='db']",
          "ImportDeclaration[source.value='better-sqlite3'][importKind!='type']",
          "ImportExpression[source.value='better-sqlite3']",
        ].map((selector) => ({ selector, message: 'storage/ is the only code that writes SQL: read and write through a storage class (reports through ReportBooks)' })),
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
  // The drift report builds on the runner (its client, spec model, preflight); the runner and the
  // checks know nothing of it.
  ...layer('contract-tests/{runner,checks}/**/*.ts', ['**/drift/**'], 'the runner and the checks never depend on drift/: it builds on them'),
  {
    files: ['bin/**/*.js', 'scripts/**/*.mjs', 'examples/**/*.{js,mjs}', 'test/package/consumers/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
