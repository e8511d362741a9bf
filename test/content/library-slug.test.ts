import slugify from '@sindresorhus/slugify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { librarySlug } from '../../src/content/components.js';

// ParamField ids and component-title slugs are the library's slugify; librarySlug skips its
// transliteration in ASCII text (issue 32: 26 s of a 25,000-page site's 95 s run).
describe('librarySlug', () => {
  it('gives the library’s slug for any text, decamelized or not', () => {
    const ascii = fc.stringMatching(/^[\x00-\x7f]{0,24}$/);
    const words = fc
      .array(fc.constantFrom('API', 'apiKey', 'HTTP2', 'userID', 'what', "'s", '&', '-', '_', 't', ' ', 'URLs', 'é', 'Straße', '\\', 'x2Y'), { maxLength: 8 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(ascii, words), fc.boolean(), (text, decamelize) => {
        expect(librarySlug(text, decamelize)).toBe(slugify(text, { decamelize }));
      }),
      { numRuns: 1000 },
    );
    expect(librarySlug('param-userID_2', true)).toBe('param-user-id-2');
    expect(librarySlug('Rock & Roll', false)).toBe('rock-and-roll');
  });
});
