/** What stands in for a value that is never written. */
export const redacted = "[redacted]";

const sensitiveWords = /secret|token|signature|password/;

/**
 * Whether a name (a query parameter's, an environment variable's) says its value is secret, however it is spelt:
 * percent-encoded (even twice), in any case, inside brackets (`a[secret]`), or split by `+`, spaces or punctuation.
 */
export function sensitiveName(name: string): boolean {
  const decoded = name.includes("%") ? decodeAll(name) : name;
  // Wide or styled letters (ｓｅｃｒｅｔ) read as plain ones; most names are plain ASCII and skip the normalising.
  const plain = /^[\x20-\x7e]*$/.test(decoded) ? decoded : decoded.normalize("NFKC");
  return sensitiveWords.test(plain.toLowerCase().replace(/[^a-z]+/g, ""));
}

// A JSON escape (`\"`, `\\`) is taken whole, so the same patterns read a plain URL and a line of JSON alike and never
// end a match inside an escape. The scheme's length is bounded so a long run of letters costs one pass.
const credentials = /([a-z][a-z\d+.-]{0,30}:\/\/)(?:[^\s/?#"\\]|\\.)*@/gi;
const queryPair = /([?&;])((?:[^=&;?\s"\\]|\\.)*)=((?:[^&;?\s"\\]|\\.)*)/g;

/**
 * A URL, an error message or a log line as it may be written: the credentials in any URL (`scheme://user:pass@`) and
 * the value of every query parameter whose name says secret are replaced.
 */
export function redactSecrets(text: string): string {
  const masked = text.includes("://") ? text.replace(credentials, `$1${redacted}@`) : text;
  if (!/[?&;]/.test(masked)) return masked;
  return masked.replace(queryPair, (pair, separator: string, name: string, value: string) =>
    sensitiveName(name) || holdsCredentials(value) ? `${separator}${name}=${redacted}` : pair,
  );
}

/** A query value that is itself a URL with credentials, percent-encoded. */
function holdsCredentials(value: string): boolean {
  if (!/@|%40/i.test(value)) return false;
  const decoded = decodeAll(value);
  return decoded.replace(credentials, "") !== decoded;
}

// Malformed or non-UTF-8 escapes still give up their ASCII letters, so `%73ecret%ZZ` reads as secret.
function decodeAll(text: string): string {
  let value = text;
  for (let round = 0; round < 3 && value.includes("%"); round++) {
    value = value.replace(/(?:%[\da-f]{2})+/gi, (run) => Buffer.from(run.replaceAll("%", ""), "hex").toString());
  }
  return value;
}
