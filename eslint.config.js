import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', '.data/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a const object with a same-named type (house style).' },
      ],
    },
  },
  {
    // Effects live in sagas and their effect layer only (design card).
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/**/sagas/**', 'client/**/effects/**', 'client/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'fetch belongs to the effect layer (client/api).' },
        { name: 'WebSocket', message: 'WebSocket belongs to the effect layer (client/api).' },
        { name: 'setInterval', message: 'Timers belong to sagas.' },
        { name: 'setTimeout', message: 'Timers belong to sagas.' },
      ],
    },
  },
);
