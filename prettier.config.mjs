// The code's own style: single quotes, semicolons, trailing commas, long lines. printWidth 160 is
// where reformatting touches few of the lines as written (4.5% of them; 8.2% at 120, 3.8% at 200)
// while a line still fits a side-by-side diff. Only code is formatted (`npm run format`); JSON,
// YAML, MDX and Markdown are inputs, expectations or prose whose bytes the tests and the docs own.

/** @type {import('prettier').Config} */
export default {
  singleQuote: true,
  printWidth: 160,
};
