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
  // No line over 120 characters, strings, regexes and comments included: prettier breaks code at
  // 120 but never those, so they are broken by hand. Core max-len: deprecated (kept until ESLint
  // 11) but built in, so no plugin to add for one rule. openapi-types.ts is generated (npm run
  // client:types) with the document's descriptions on one line each.
  { rules: { 'max-len': ['error', { code: 120 }] } },
  { files: ['src/client/openapi-types.ts'], rules: { 'max-len': 'off' } },
  // Black-box tests read JSON bodies whose shape the OpenAPI validator has already checked.
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['bin/**/*.js'], languageOptions: { globals: { process: 'readonly', URL: 'readonly' } } },
)
