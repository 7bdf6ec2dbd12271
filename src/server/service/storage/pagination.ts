/**
 * Opaque list continuation tokens. A token carries the last row's `seq` and the order it was issued for; rows are
 * always read in `seq` order, so a page never repeats or skips a row that existed when the listing started, however
 * many rows are inserted meanwhile.
 */
import { badRequest } from '../http-error';

export type ListOrder = 'asc' | 'desc';

interface TokenPayload {
  v: 1;
  s: number;
  o: ListOrder;
}

export function encodeNextToken(seq: number, order: ListOrder): string {
  const payload: TokenPayload = { v: 1, s: seq, o: order };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** The `seq` to continue after; 400 naming `nextToken` when the token is not one of ours or not for this order. */
export function decodeNextToken(token: string, order: ListOrder): number {
  let payload: Partial<TokenPayload>;
  try {
    payload = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<TokenPayload>;
  } catch {
    throw badRequest('nextToken is not a valid continuation token');
  }
  if (payload?.v !== 1 || !Number.isSafeInteger(payload.s) || (payload.o !== 'asc' && payload.o !== 'desc')) {
    throw badRequest('nextToken is not a valid continuation token');
  }
  if (payload.o !== order) throw badRequest('nextToken was issued for the other sort order');
  return payload.s as number;
}
