// Lint for the page (web/src), the browser tests (e2e) and the WASM tests (wasm/tests):
// typescript-eslint's recommended rules plus React's hook rules, run by `npm run test:web`
// with --max-warnings 0 so a warning fails the test like an error.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**'] },
  {
    files: ['web/src/**/*.{ts,tsx}', 'e2e/**/*.{ts,mjs}', 'wasm/tests/**/*.mjs'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `const { dropped, ...rest } = x` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
);
