import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/results/**', 'docs/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // formatting is prettier's (npm run format); no lint rule argues with it
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Black-box tests read JSON bodies whose shape the OpenAPI validator has already checked.
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['bin/**/*.js'], languageOptions: { globals: { process: 'readonly', URL: 'readonly' } } },
)
