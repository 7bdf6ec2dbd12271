/**
 * Removes every URL-bearing value from an email's CSS (a style attribute or a <style> element): url() in any spelling,
 * image-set(), image(), cross-fade(), element(), src() and their vendor-prefixed forms, and @import rules.
 *
 * Names are compared after CSS escapes are decoded and with comments treated as the token boundaries they are, which
 * is how the browser reads them: `\75rl(`, `u\r\l(` and `URL(` are all url(. The CSS is tokenized the way CSS Syntax
 * Level 3 does (comments, strings, escapes, identifiers, functions, url tokens, at-keywords), so a string or a
 * comment is never mistaken for code or the other way round. Where the tokenizer is unsure it errs towards seeing a
 * function (a `#` or a digit before a name), never towards missing one. As a last check, the result is decoded as a
 * whole and dropped entirely if anything URL-like is still in it.
 */

/** Function names that take a URL, or a string that is one (decoded, lower case, without a vendor prefix). */
const URL_FUNCTIONS = new Set(['url', 'src', 'image', 'image-set', 'cross-fade', 'element', 'image-rect']);
const URL_AT_RULES = new Set(['import']);
const VENDOR_PREFIX = /^-[a-z]+-/;

export type FilteredCss = { css: string; blocked: number };

type Token =
  | { type: 'function'; name: string; text: string }
  | { type: 'url'; text: string }
  | { type: 'at'; name: string; text: string }
  | { type: 'open' | 'close'; char: string; text: string }
  | { type: 'semicolon' | 'comment' | 'other'; text: string };

const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isNewline = (c: string | undefined) => c === '\n';
const isWhitespace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n';
const isNameStart = (c: string | undefined) => c !== undefined && (/^[A-Za-z_]$/.test(c) || c.charCodeAt(0) >= 0x80);
const isNameChar = (c: string | undefined) => isNameStart(c) || (c !== undefined && /^[0-9-]$/.test(c));
const isValidEscape = (a: string | undefined, b: string | undefined) => a === '\\' && b !== undefined && !isNewline(b);
/** CSS Syntax 3 "would start an identifier", at `i`. */
function startsIdentifier(s: string, i: number): boolean {
  const [a, b, c] = [s[i], s[i + 1], s[i + 2]];
  if (a === '-') return isNameStart(b) || b === '-' || isValidEscape(b, c);
  return isNameStart(a) || isValidEscape(a, b);
}

/** CSS Syntax 3 preprocessing: one kind of newline, no NUL. */
function preprocess(css: string): string {
  return css.replace(/\r\n?|\f/g, '\n').replace(/\0/g, '\uFFFD');
}

/** Decodes the escape whose backslash is at `i`; returns the character and the index after the escape. */
function decodeEscape(s: string, i: number): [string, number] {
  let j = i + 1;
  if (j >= s.length) return ['\uFFFD', j];
  if (!isHex(s[j])) return [String.fromCodePoint(s.codePointAt(j)!), j + (s.codePointAt(j)! > 0xffff ? 2 : 1)];
  let hex = '';
  while (hex.length < 6 && isHex(s[j])) hex += s[j++];
  if (isWhitespace(s[j])) j++;
  const code = parseInt(hex, 16);
  const valid = code !== 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return [valid ? String.fromCodePoint(code) : '\uFFFD', j];
}

/** Consumes a name (with escapes) from `i`; returns it decoded and the index after it. */
function consumeName(s: string, i: number): [string, number] {
  let name = '';
  while (i < s.length) {
    if (isNameChar(s[i])) name += s[i++];
    else if (isValidEscape(s[i], s[i + 1])) {
      const [char, next] = decodeEscape(s, i);
      name += char;
      i = next;
    } else break;
  }
  return [name, i];
}

/** The rest of an unquoted url( … ) token from `i` (just after `url(` and its whitespace), to after its `)`. */
function consumeUrlRest(s: string, i: number): number {
  while (i < s.length) {
    if (s[i] === ')') return i + 1;
    if (isValidEscape(s[i], s[i + 1])) i = decodeEscape(s, i)[1];
    else i++;
  }
  return i;
}

function consumeString(s: string, i: number): number {
  const quote = s[i++];
  while (i < s.length) {
    const c = s[i];
    if (c === quote) return i + 1;
    if (isNewline(c)) return i; // a bad string ends before the newline
    if (c === '\\') i += s[i + 1] === undefined ? 1 : isNewline(s[i + 1]) ? 2 : decodeEscape(s, i)[1] - i;
    else i++;
  }
  return i;
}

function* tokenize(s: string): Generator<Token> {
  let i = 0;
  while (i < s.length) {
    const start = i;
    const c = s[i];
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
      yield { type: 'comment', text: s.slice(start, i) };
    } else if (c === '"' || c === "'") {
      i = consumeString(s, i);
      yield { type: 'other', text: s.slice(start, i) };
    } else if (c === '@' && startsIdentifier(s, i + 1)) {
      const [name, next] = consumeName(s, i + 1);
      i = next;
      yield { type: 'at', name: name.toLowerCase(), text: s.slice(start, i) };
    } else if (startsIdentifier(s, i)) {
      const [name, next] = consumeName(s, i);
      i = next;
      if (s[i] !== '(') {
        yield { type: 'other', text: s.slice(start, i) };
        continue;
      }
      i++;
      const lower = name.toLowerCase();
      let after = i;
      while (isWhitespace(s[after])) after++;
      if (lower === 'url' && s[after] !== '"' && s[after] !== "'") {
        i = consumeUrlRest(s, after);
        yield { type: 'url', text: s.slice(start, i) };
      } else {
        yield { type: 'function', name: lower, text: s.slice(start, i) };
      }
    } else if (c === '(' || c === '[' || c === '{') {
      i++;
      yield { type: 'open', char: c, text: c };
    } else if (c === ')' || c === ']' || c === '}') {
      i++;
      yield { type: 'close', char: c, text: c };
    } else if (c === ';') {
      i++;
      yield { type: 'semicolon', text: c };
    } else if (c === '\\') {
      // Not a valid escape here (a backslash before a newline or at the end): a lone delimiter.
      i++;
      yield { type: 'other', text: c };
    } else {
      // Whitespace, digits, `#`, delimiters: one character at a time, so a name right after any of them is read as
      // a possible function (`#url(`, `1url(` are not functions to a browser; stripping them costs nothing).
      i += c.codePointAt(0)! > 0xffff ? 2 : 1;
      yield { type: 'other', text: s.slice(start, i) };
    }
  }
}

const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

function isUrlFunction(name: string): boolean {
  return URL_FUNCTIONS.has(name.replace(VENDOR_PREFIX, ''));
}

/** The CSS with comments removed and escapes decoded everywhere, in lower case: what the last check reads. */
export function decodeCss(css: string): string {
  const s = preprocess(css).replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '');
  let out = '';
  for (let i = 0; i < s.length;) {
    if (s[i] === '\\' && s[i + 1] !== undefined && !isNewline(s[i + 1])) {
      const [char, next] = decodeEscape(s, i);
      out += char;
      i = next;
    } else out += s[i++];
  }
  return out.toLowerCase();
}

const URL_LIKE =
  /(?:^|[^a-z0-9_-])(?:-[a-z]+-)?(?:url|src|image|image-set|cross-fade|element|image-rect)\(|@(?:-[a-z]+-)?import\b/;

/**
 * One pass: comments dropped, URL functions replaced by `none`, @import rules removed. Dropping a comment can join
 * two names into a new one (`ur`, a comment, `l(` become `url(`), so passes repeat until nothing changes.
 */
function filterOnce(css: string): FilteredCss {
  const tokens = [...tokenize(css)];
  let out = '';
  let blocked = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'comment') {
      continue;
    } else if (token.type === 'url' || (token.type === 'function' && isUrlFunction(token.name))) {
      blocked++;
      out += 'none';
      if (token.type === 'function') i = skipBlock(tokens, i + 1, [')']);
    } else if (token.type === 'at' && URL_AT_RULES.has(token.name.replace(VENDOR_PREFIX, ''))) {
      blocked++;
      i = skipAtRule(tokens, i + 1);
    } else {
      out += token.text;
    }
  }
  return { css: out, blocked };
}

const MAX_PASSES = 8;

export function filterCssUrls(css: string): FilteredCss {
  let current = preprocess(css);
  let blocked = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = filterOnce(current);
    blocked += next.blocked;
    if (next.css === current) {
      // Belt and braces: if anything URL-like is still there (say, inside a string), keep nothing.
      if (URL_LIKE.test(decodeCss(current))) return { css: '', blocked: blocked + 1 };
      return { css: current, blocked };
    }
    current = next.css;
  }
  return { css: '', blocked: blocked + 1 }; // still changing: something built to take many passes
}

/** Skips to the closer that ends the innermost of `stack` (nested blocks included); returns the index of that token. */
function skipBlock(tokens: Token[], i: number, stack: string[]): number {
  for (; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'open') stack.push(CLOSER[token.char]);
    else if (token.type === 'function') stack.push(')');
    else if (token.type === 'close' && token.char === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return tokens.length;
}

/** Skips an at-rule's prelude up to and including its `;` (or its block), or up to the `}` that ends its parent. */
function skipAtRule(tokens: Token[], i: number): number {
  for (; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'semicolon') return i;
    if (token.type === 'close' && token.char === '}') return i - 1;
    if (token.type === 'open' && token.char === '{') return skipBlock(tokens, i + 1, ['}']);
    if (token.type === 'open' || token.type === 'function')
      i = skipBlock(tokens, i + 1, [token.type === 'open' ? CLOSER[token.char] : ')']);
  }
  return tokens.length;
}
