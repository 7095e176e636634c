import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Shared lint rules; apps/web extends them with its React rules. */
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/migrations/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through env.ts only.' },
      ],
    },
  },
  {
    files: ['**/env.ts', '**/*.config.ts', '**/*.test.ts', 'e2e/**', 'bench/**', '**/test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
