import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

import customerText from './eslint/customer-text.js';
import featureDirection from './eslint/feature-direction.js';

// The direction between features, server and web, is one rule: eslint/feature-direction.js (its comment says how).
// src/shared is the contract both sides read: it imports only zod and itself. sonner is reached only through lib/toast.
const sonner = { name: 'sonner', message: "Toast through '@web/lib/toast'." };
// The project's own rules (eslint/), as one plugin: ESLint refuses two plugins of one name.
const local = { rules: { ...featureDirection.rules, ...customerText.rules } };

// The customer screens speak the customer's language: in these parts of src/web/features (a folder, or one file where
// a folder also holds staff screens) no English is written into the markup (eslint/customer-text.js says what counts).
// Staff screens stay English: the /admin folders are not listed, and STAFF_SCREENS inside listed folders are left out.
// A part joins once its screens pass.
const CUSTOMER_FEATURES = [
  'landing',
  'store',
  'cart',
  'checkout',
  'contact',
  'profile',
  'auth',
  'language',
  'orders',
  'addresses',
  'allowance',
  'approvals',
  'invoices',
  'quotes',
  'artwork',
  'kits',
  // The rest of messages/ is the staff's message centre.
  'messages/my-messages-page.tsx',
  'messages/mine',
  'messages/attachments.tsx',
  'messages/tags.tsx',
];
const STAFF_SCREENS = ['**/admin-*.tsx', 'quotes/start-quote-page.tsx'];
const underFeatures = (part) => `src/web/features/${part}${part.endsWith('.tsx') ? '' : '/**/*.tsx'}`;

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
      'no-restricted-imports': ['error', { paths: [sonner] }],
      'no-restricted-syntax': [
        'error',
        { selector: "ImportExpression[source.value='sonner']", message: "Toast through '@web/lib/toast'." },
        // React calls whatever an effect returns as its cleanup: `() => el.scrollIntoView()` returned a Promise in
        // current Chromium and broke My Orders after "Buy again". A block body returns only on purpose.
        {
          selector:
            'CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression.arguments:first-child[expression=true]:not([body.type=/Function/])',
          message: 'An effect returns nothing or its cleanup function: write its body as a block ({ ... }).',
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/feature-direction': 'error' },
  },
  {
    files: CUSTOMER_FEATURES.map(underFeatures),
    ignores: [...STAFF_SCREENS.map((part) => `src/web/features/${part}`), 'src/web/features/**/*.test.tsx'],
    plugins: { local },
    rules: { 'local/customer-text': 'error' },
  },
);
