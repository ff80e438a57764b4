// The Node worker's source limit, checked by `mvn verify` (lint.sh) and `npm run lint`: the twin of MethodLength in
// the project's checkstyle.xml, with the same limit.
module.exports = [
  { ignores: ['node_modules/**', 'test/**'] },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      // a longer function does several things that want names of their own: split it into named steps
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
];
