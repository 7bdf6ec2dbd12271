/**
 * The form kit's field errors in the operator's language. The contract's zod schemas are shared with the servers and
 * speak English to API clients ("must not be empty", "must be an integer from 1 to 1825"); a form shows the message
 * for the issue's code and params instead, in the same English words where the contract has them, so an English
 * screen reads as before. A few rules of the contract say something no generic message can (the URL and email
 * patterns, snake_case names): they are translated by their exact English text. Anything else keeps the contract's
 * own English message (still true, only untranslated) rather than a vaguer generic one.
 *
 *   useZodForm(schema) → resolver: translatingZodResolver(schema)
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { z } from 'zod/mini';
import { i18n } from '@/i18n/i18n';
import { formatList, formatNumber } from '@/i18n/format';

type Issue = z.core.$ZodIssue;

/** Rules of the contract that say more than their code: translated by their English message. */
const KNOWN_MESSAGES: Record<string, MessageDescriptor> = {
  'must start with http://localhost or https://': msg`must start with http://localhost or https://`,
  'must be a valid email address such as name@example.com': msg`must be a valid email address such as name@example.com`,
  'must be snake_case: a lowercase letter, then lowercase letters, digits or _ (at most 64)': msg`must be snake_case: a lowercase letter, then lowercase letters, digits or _ (at most 64)`,
  'must be lowercase letters and digits': msg`must be lowercase letters and digits`,
  'must name at least one profile id': msg`must name at least one profile id`,
  'must contain at least one field to update': msg`must contain at least one field to update`,
};

/** A range the contract states in one message on both of its checks: "must be an integer from 1 to 1825". */
const RANGE = /^must be (an integer|a number) from (-?[\d.]+) to (-?[\d.]+)$/;
/** An id rule's message: "must be an identifier like svc:agent:<32 lowercase hex>". */
const IDENTIFIER = /^must be an identifier like (\S+)$/;

/** A bound as the contract writes it: no grouping in four digits ("1825" days), grouped above ("10,000"). */
const bound = (value: number | bigint) => formatNumber(Number(value), { useGrouping: 'min2' });

function rangeMessage(message: string): string | undefined {
  const range = RANGE.exec(message);
  if (!range) return undefined;
  const from = bound(Number(range[2]));
  const to = bound(Number(range[3]));
  return range[1] === 'an integer'
    ? t`must be an integer from ${from} to ${to}`
    : t`must be a number from ${from} to ${to}`;
}

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string | undefined {
  if (issue.input === undefined || issue.input === null) return t`Required`;
  switch (issue.expected) {
    case 'number':
      return t`must be a number`;
    case 'int':
      return t`must be an integer`;
    case 'boolean':
      return t`must be true or false`;
    case 'string':
      return t`must be text`;
    case 'array':
      return t`must be a list`;
    case 'object':
    case 'record':
      return t`must be a JSON object`;
    default:
      return undefined;
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string | undefined {
  const minimum = Number(issue.minimum);
  const count = minimum;
  switch (issue.origin) {
    case 'string':
      return minimum <= 1
        ? t`must not be empty`
        : plural(count, { one: 'must be at least # character', other: 'must be at least # characters' });
    case 'array':
    case 'set':
      return plural(count, { one: 'must hold at least # entry', other: 'must hold at least # entries' });
    case 'number':
    case 'int': {
      const least = bound(issue.minimum);
      return issue.inclusive === false ? t`must be more than ${least}` : t`must be ${least} or more`;
    }
    default:
      return undefined;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string | undefined {
  const count = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return plural(count, { one: 'must be at most # character', other: 'must be at most # characters' });
    case 'array':
    case 'set':
      return plural(count, { one: 'must hold at most # entry', other: 'must hold at most # entries' });
    case 'number':
    case 'int': {
      const most = bound(issue.maximum);
      return issue.inclusive === false ? t`must be less than ${most}` : t`must be ${most} or less`;
    }
    default:
      return undefined;
  }
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string | undefined {
  const identifier = IDENTIFIER.exec(issue.message);
  if (identifier) {
    const example = identifier[1];
    return t`must be an identifier like ${example}`;
  }
  switch (issue.format) {
    case 'email':
      return t`must be a valid email address such as name@example.com`;
    case 'url':
      return t`must be a valid URL`;
    case 'datetime':
    case 'date':
      return t`must be a valid date and time`;
    case 'regex':
      // A pattern says nothing an operator can read; the contract's message explains it (known ones are translated).
      return undefined;
    default:
      return t`has the wrong format`;
  }
}

function byCode(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'invalid_value': {
      const values = formatList(issue.values.map(String), 'disjunction');
      return issue.values.length === 1 ? t`must be ${values}` : t`must be one of ${values}`;
    }
    case 'not_multiple_of': {
      const divisor = formatNumber(issue.divisor);
      return t`must be a multiple of ${divisor}`;
    }
    default:
      return undefined;
  }
}

/** The message a form shows for a zod issue: translated by its code and params, else the schema's own message. */
export function formIssueMessage(issue: Issue): string {
  const known = KNOWN_MESSAGES[issue.message];
  if (known) return i18n._(known);
  return rangeMessage(issue.message) ?? byCode(issue) ?? issue.message;
}

/** Rewrites the messages of a zod error's issues (and of its union branches) in place; other errors pass untouched. */
function translateIssues(error: unknown): never {
  const issues = (error as { issues?: unknown }).issues;
  if (Array.isArray(issues)) {
    const rewrite = (list: Issue[]) => {
      for (const issue of list) {
        if (issue.code === 'invalid_union') issue.errors.forEach(rewrite);
        (issue as { message: string }).message = formIssueMessage(issue);
      }
    };
    rewrite(issues as Issue[]);
  }
  throw error;
}

interface ParsingSchema {
  _zod: unknown;
  parse: (values: unknown, options?: unknown) => unknown;
  parseAsync: (values: unknown, options?: unknown) => Promise<unknown>;
}

/**
 * react-hook-form's zod resolver over `schema`, its field errors in the operator's language (see formIssueMessage).
 * The input is reported with each issue, so a missing value reads "Required", not "must be a number".
 */
export function translatingZodResolver<TIn extends FieldValues, TOut>(
  schema: z.core.$ZodType,
): Resolver<TIn, unknown, TOut> {
  const source = schema as unknown as ParsingSchema;
  const translating: ParsingSchema = {
    _zod: source._zod,
    parse: (values, options) => {
      try {
        return source.parse(values, options);
      } catch (error) {
        return translateIssues(error);
      }
    },
    parseAsync: (values, options) => source.parseAsync(values, options).catch(translateIssues),
  };
  return zodResolver(translating as never, { reportInput: true }) as unknown as Resolver<TIn, unknown, TOut>;
}
