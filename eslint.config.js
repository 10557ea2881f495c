import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A schema's message is said by key (packages/contracts/src/messages.ts), so it has its Bangla:
    // a text written in place would be answered in English to a Bangla reader.
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Property[key.name=/^(error|message)$/] > :matches(Literal[raw=/^[\'"]/], TemplateLiteral)',
          message: "A schema's message is said by key: say('…') of contracts' messages.ts.",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(min|max|length|gt|gte|lt|lte|int|regex|refine|nonempty|positive|nonnegative|multipleOf)$/] > :matches(Literal[raw=/^[\'"]/], TemplateLiteral).arguments',
          message: "A schema's message is said by key: say('…') of contracts' messages.ts.",
        },
      ],
    },
  },
);
