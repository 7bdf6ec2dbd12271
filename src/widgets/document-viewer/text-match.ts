/** Finding a field's value in a page's text items (pdf.js text content), for the highlight. Pure. */

export type TextItem = { str: string; hasEOL?: boolean };
/** A part of one item's string: [start, end) character offsets. */
export type ItemRange = { item: number; start: number; end: number };
/** One occurrence of the query; it may span several items. */
export type TextMatch = ItemRange[];

type Haystack = { text: string; item: number[]; offset: number[] };

const isSpace = (c: string) => /\s/.test(c);

function buildHaystack(items: TextItem[], keepSpaces: boolean): Haystack {
  const chars: string[] = [];
  const item: number[] = [];
  const offset: number[] = [];
  const push = (c: string, i: number, j: number) => {
    if (isSpace(c)) {
      if (!keepSpaces || chars.length === 0 || chars[chars.length - 1] === ' ') return;
      c = ' ';
    }
    for (const unit of c.toLowerCase()) {
      chars.push(unit);
      item.push(i);
      offset.push(j);
    }
  };
  items.forEach((it, i) => {
    const str = it.str.normalize('NFKC');
    for (let j = 0; j < str.length; j++) push(str[j], i, j);
    if (it.hasEOL) push(' ', -1, -1);
  });
  return { text: chars.join(''), item, offset };
}

function normalizeQuery(query: string, keepSpaces: boolean): string {
  const q = query.normalize('NFKC').toLowerCase().trim();
  return keepSpaces ? q.replace(/\s+/g, ' ') : q.replace(/\s+/g, '');
}

function toRanges(hay: Haystack, from: number, length: number): TextMatch {
  const ranges: TextMatch = [];
  for (let k = from; k < from + length; k++) {
    const i = hay.item[k];
    if (i < 0) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.item === i) last.end = Math.max(last.end, hay.offset[k] + 1);
    else ranges.push({ item: i, start: hay.offset[k], end: hay.offset[k] + 1 });
  }
  return ranges;
}

/**
 * Occurrences of `query` in the items, case-insensitive, with runs of whitespace treated as one space. When that finds
 * nothing, whitespace is ignored altogether (pdf.js often splits words into items without a space between them).
 */
export function findTextMatches(items: TextItem[], query: string, limit = 100): TextMatch[] {
  for (const keepSpaces of [true, false]) {
    const needle = normalizeQuery(query, keepSpaces);
    if (!needle) return [];
    const hay = buildHaystack(items, keepSpaces);
    const matches: TextMatch[] = [];
    for (
      let at = hay.text.indexOf(needle);
      at >= 0 && matches.length < limit;
      at = hay.text.indexOf(needle, at + needle.length)
    ) {
      matches.push(toRanges(hay, at, needle.length));
    }
    if (matches.length) return matches;
  }
  return [];
}

/** Selected text as a field value: whitespace runs (line breaks of the text layer) collapsed, ends trimmed. */
export const normalizeSelectedText = (text: string) => text.replace(/\s+/g, ' ').trim();
