import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Server features call each other only through a feature's index.ts (its public surface), never its files.
const SERVER_FEATURES = [
  'approvals',
  'auth',
  'cart',
  'catalog',
  'contact',
  'customers',
  'departments',
  'health',
  'orders',
  'payments',
  'pricing',
  'reports',
  'settings',
  'users',
];

// Boundaries. src/shared is the contract both sides read: it imports only zod and itself.
// A web feature is used by the app and by other features only through its index (features/<name>/index.ts);
// inside a feature, imports are relative and free. Screens that load on demand are import()ed by their own path,
// which this rule does not see, so code splitting keeps working. sonner is reached only through lib/toast.
const featureInternals = {
  regex: '^@web/features/[^/]+/.',
  message: "Import another feature through its index: '@web/features/<name>'.",
};
const siblingFeatureInternals = (up) => ({
  regex: `^${'\\.\\./'.repeat(up)}(?!\\.\\.)[^/]+/.`,
  message: "Import another feature through its index ('@web/features/<name>'), not its files.",
});
const sonner = { name: 'sonner', message: "Toast through '@web/lib/toast'." };
const webImports = (...patterns) => ['error', { paths: [sonner], patterns: [featureInternals, ...patterns] }];

export default tseslint.config(
  { ignores: ['dist', '.tmp', 'node_modules', 'data', 'artifacts', 'src/server/db/migrations', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./)',
              message: 'src/shared imports only zod and other src/shared modules (no web, server or Node code).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/toast.ts'],
    rules: {
      'no-restricted-imports': webImports(),
      'no-restricted-syntax': [
        'error',
        { selector: "ImportExpression[source.value='sonner']", message: "Toast through '@web/lib/toast'." },
      ],
    },
  },
  {
    files: ['src/web/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': webImports(siblingFeatureInternals(1)) },
  },
  {
    files: ['src/web/features/*/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': webImports(siblingFeatureInternals(2)) },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: SERVER_FEATURES.map((feature) => ({
            group: [`../${feature}/*`],
            message: `Use ../${feature} (its index.ts): server features reach each other only through their public surface.`,
          })),
        },
      ],
    },
  },
);
