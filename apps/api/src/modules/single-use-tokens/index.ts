/**
 * Public surface of the single-use token store (issue 20 §3; DESIGN.md §5): hashed, expiring, atomically
 * claimed tokens, one descriptor per kind. See store.ts.
 */
export {
  claimToken,
  deleteTokensOf,
  findToken,
  findUsableToken,
  issueToken,
  spendTokensOf,
  tokenHash,
  tokenStatus,
  type ColumnOf,
  type SingleUseTokenKind,
  type TokenRef,
  type TokenRow,
  type TokenTable,
} from './store.ts';
