/**
 * Opaque cursors of keyset pagination (the operator console's lists, issue 24; the same form as GET
 * account/activity's, modules/audit/activity.ts): a page ends at a row known by a time and an integer
 * id, and the next page starts strictly after it. The cursor is base64url of `<ISO time>|<id>`: opaque
 * to callers, checked when it comes back.
 */
import { badRequest } from './errors.ts';

/** Where a page ended: the last row's time (ISO 8601) and id. */
export interface CursorPosition {
  createdAt: string;
  id: number;
}

/** The cursor of the page after the row at `position`. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${position.createdAt}|${String(position.id)}`).toString('base64url');
}

/**
 * The position a cursor of {@link encodeCursor} names.
 * @throws 400 ERROR_CURSOR_INVALID on `property` (default `cursor`) when `cursor` is not one
 */
export function decodeCursor(cursor: string, property = 'cursor'): CursorPosition {
  const [createdAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const position = { createdAt, id: Number(id) };
  if (
    rest.length > 0 ||
    id === '' ||
    !Number.isSafeInteger(position.id) ||
    Number.isNaN(Date.parse(position.createdAt))
  )
    throw badRequest('ERROR_CURSOR_INVALID', property);
  return position;
}
