/**
 * UTF-8 decoding and encoding through the platform's `TextDecoder` and `TextEncoder`, which every
 * browser and Node have. The core is compiled without the DOM's or Node's types (tsconfig.core.json),
 * so their shape is declared here, as much of it as Quire uses.
 */
interface Utf8Decoder {
  decode(input: Uint8Array): string;
}
interface Utf8Encoder {
  encode(input: string): Uint8Array;
}
const codecs = globalThis as unknown as {
  TextDecoder: new (label: 'utf-8', options?: { fatal?: boolean }) => Utf8Decoder;
  TextEncoder: new () => Utf8Encoder;
};

/** The text of UTF-8 bytes; with `fatal`, throws on bytes that are not UTF-8, else they read as U+FFFD. */
export function decodeUtf8(bytes: Uint8Array, fatal = false): string {
  return new codecs.TextDecoder('utf-8', { fatal }).decode(bytes);
}

/** The UTF-8 bytes of a text. */
export function encodeUtf8(text: string): Uint8Array {
  return new codecs.TextEncoder().encode(text);
}
