/** Test helpers of the import tests (not a test file itself): files as the client sends them. */

/** A file's bytes as the request carries them (base64). */
export const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

/** A CSV file's text from its lines, each ended by CRLF as a spreadsheet writes it. */
export const csv = (...lineas: string[]) => `${lineas.join('\r\n')}\r\n`;
